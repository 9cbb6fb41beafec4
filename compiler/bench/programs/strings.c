/* String work: builds 200,000 strings with strcpy/strcat, measures them with strlen, sorts them
   with qsort+strcmp, and searches them with strchr/strstr; prints a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT 200000

static unsigned next(unsigned *s) { *s = *s * 1103515245u + 12345u; return (*s >> 16) & 0x7fff; }

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(void) {
    static const char *words[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"};
    char **strs = malloc(sizeof(char *) * COUNT);
    unsigned seed = 42;
    char buf[128];
    unsigned long total = 0;
    for (int i = 0; i < COUNT; i++) {
        strcpy(buf, words[next(&seed) % 8]);
        int parts = 1 + next(&seed) % 5;
        for (int p = 0; p < parts; p++) {
            strcat(buf, "-");
            strcat(buf, words[next(&seed) % 8]);
        }
        size_t n = strlen(buf);
        strs[i] = malloc(n + 1);
        strcpy(strs[i], buf);
        total += n;
    }
    for (int rep = 0; rep < 3; rep++) {
        qsort(strs, COUNT, sizeof(char *), cmp);
        for (int i = 0; i < COUNT; i++) {           /* reverse so each round sorts again */
            if (i < COUNT - 1 - i) { char *t = strs[i]; strs[i] = strs[COUNT - 1 - i]; strs[COUNT - 1 - i] = t; }
        }
    }
    qsort(strs, COUNT, sizeof(char *), cmp);
    unsigned long h = 0;
    long found = 0;
    for (int i = 0; i < COUNT; i++) {
        for (const char *p = strs[i]; *p; p++) h = h * 31 + (unsigned char)*p;
        if (strstr(strs[i], "echo-golf")) found++;
        if (strchr(strs[i], 'x')) found += 2;
    }
    printf("total %lu hash %lu found %ld first %s last %s\n", total, h, found, strs[0], strs[COUNT - 1]);
    for (int i = 0; i < COUNT; i++) free(strs[i]);
    free(strs);
    return 0;
}
