#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct entry { char *key; int value; struct entry *next; };
struct table { struct entry **buckets; size_t nbuckets, count; };
static unsigned long hash(const char *s) { unsigned long h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h; }
static void put(struct table *t, const char *key, int value) {
    size_t b = hash(key) % t->nbuckets;
    for (struct entry *e = t->buckets[b]; e; e = e->next)
        if (strcmp(e->key, key) == 0) { e->value = value; return; }
    struct entry *e = malloc(sizeof *e);
    e->key = malloc(strlen(key) + 1);
    strcpy(e->key, key);
    e->value = value;
    e->next = t->buckets[b];
    t->buckets[b] = e;
    t->count++;
}
static int *get(struct table *t, const char *key) {
    for (struct entry *e = t->buckets[hash(key) % t->nbuckets]; e; e = e->next)
        if (strcmp(e->key, key) == 0) return &e->value;
    return NULL;
}
int main(void) {
    struct table t = {calloc(31, sizeof(struct entry *)), 31, 0};
    const char *text = "the quick brown fox jumps over the lazy dog the fox is quick and the dog is lazy";
    char word[32];
    const char *p = text;
    while (*p) {
        int n = 0;
        while (*p && *p != ' ') word[n++] = *p++;
        word[n] = 0;
        if (*p) p++;
        int *c = get(&t, word);
        put(&t, word, c ? *c + 1 : 1);
    }
    printf("distinct %zu\n", t.count);
    const char *q[] = {"the", "fox", "lazy", "cat", "quick"};
    for (int i = 0; i < 5; i++) { int *c = get(&t, q[i]); printf("%s=%d\n", q[i], c ? *c : 0); }
    char key[16];
    for (int i = 0; i < 1000; i++) { snprintf(key, sizeof key, "k%d", i); put(&t, key, i * i); }
    long sum = 0;
    for (int i = 0; i < 1000; i += 7) { snprintf(key, sizeof key, "k%d", i); sum += *get(&t, key); }
    printf("%zu %ld\n", t.count, sum);
    size_t longest = 0;
    for (size_t b = 0; b < t.nbuckets; b++) { size_t len = 0; for (struct entry *e = t.buckets[b]; e; e = e->next) len++; if (len > longest) longest = len; }
    printf("longest chain %zu\n", longest);
    for (size_t b = 0; b < t.nbuckets; b++) {
        struct entry *e = t.buckets[b];
        while (e) { struct entry *n = e->next; free(e->key); free(e); e = n; }
    }
    free(t.buckets);
    return 0;
}
