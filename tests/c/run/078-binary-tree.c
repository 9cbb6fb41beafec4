#include <stdio.h>
#include <stdlib.h>
struct tree { int key; int count; struct tree *left, *right; };
static struct tree *insert(struct tree *t, int key) {
    if (!t) { t = calloc(1, sizeof *t); t->key = key; t->count = 1; return t; }
    if (key < t->key) t->left = insert(t->left, key);
    else if (key > t->key) t->right = insert(t->right, key);
    else t->count++;
    return t;
}
static int height(const struct tree *t) { if (!t) return 0; int l = height(t->left), r = height(t->right); return 1 + (l > r ? l : r); }
static int size(const struct tree *t) { return t ? 1 + size(t->left) + size(t->right) : 0; }
static void inorder(const struct tree *t) { if (!t) return; inorder(t->left); printf("%d", t->key); if (t->count > 1) printf("x%d", t->count); printf(" "); inorder(t->right); }
static const struct tree *find(const struct tree *t, int key) { while (t && t->key != key) t = key < t->key ? t->left : t->right; return t; }
static void destroy(struct tree *t) { if (!t) return; destroy(t->left); destroy(t->right); free(t); }
int main(void) {
    struct tree *root = NULL;
    int keys[] = {50, 30, 70, 20, 40, 60, 80, 30, 65, 20, 20};
    for (unsigned i = 0; i < sizeof keys / sizeof *keys; i++) root = insert(root, keys[i]);
    inorder(root);
    printf("\nsize %d height %d\n", size(root), height(root));
    printf("%d %d\n", find(root, 65) != NULL, find(root, 66) != NULL);
    struct tree *big = NULL;
    unsigned x = 1;
    for (int i = 0; i < 2000; i++) { x = x * 1103515245u + 12345u; big = insert(big, (int)(x >> 16) % 5000); }
    printf("size %d height %d\n", size(big), height(big));
    destroy(root);
    destroy(big);
    return 0;
}
