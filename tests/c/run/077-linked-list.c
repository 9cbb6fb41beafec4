#include <stdio.h>
#include <stdlib.h>
struct node { int value; struct node *next; };
static struct node *push(struct node *head, int v) { struct node *n = malloc(sizeof *n); n->value = v; n->next = head; return n; }
static struct node *reverse(struct node *h) { struct node *prev = NULL; while (h) { struct node *n = h->next; h->next = prev; prev = h; h = n; } return prev; }
static void print(const struct node *h) { for (; h; h = h->next) printf("%d%s", h->value, h->next ? " -> " : "\n"); }
static struct node *remove_if(struct node *h, int (*pred)(int)) {
    struct node **pp = &h;
    while (*pp) { if (pred((*pp)->value)) { struct node *d = *pp; *pp = d->next; free(d); } else pp = &(*pp)->next; }
    return h;
}
static int is_odd(int v) { return v & 1; }
static struct node *merge(struct node *a, struct node *b) {
    struct node head = {0, NULL}, *t = &head;
    while (a && b) { if (a->value <= b->value) { t->next = a; a = a->next; } else { t->next = b; b = b->next; } t = t->next; }
    t->next = a ? a : b;
    return head.next;
}
static struct node *msort(struct node *h) {
    if (!h || !h->next) return h;
    struct node *slow = h, *fast = h->next;
    while (fast && fast->next) { slow = slow->next; fast = fast->next->next; }
    struct node *second = slow->next; slow->next = NULL;
    return merge(msort(h), msort(second));
}
int main(void) {
    struct node *list = NULL;
    for (int i = 1; i <= 10; i++) list = push(list, i);
    print(list);
    list = reverse(list);
    print(list);
    list = remove_if(list, is_odd);
    print(list);
    struct node *r = NULL;
    for (int i = 0; i < 12; i++) r = push(r, (i * 37) % 23);
    r = msort(r);
    print(r);
    int len = 0;
    for (struct node *n = r; n; n = n->next) len++;
    printf("len %d\n", len);
    while (list) { struct node *n = list->next; free(list); list = n; }
    while (r) { struct node *n = r->next; free(r); r = n; }
    return 0;
}
