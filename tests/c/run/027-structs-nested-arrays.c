#include <stdio.h>
struct employee { char name[16]; int age; struct { int year, month; } hired; double salary[3]; };
struct team { const char *title; struct employee members[3]; int count; };
int main(void) {
    struct team t = {
        "core",
        {{"ann", 30, {2019, 4}, {1000, 1100, 1200}},
         {"bob", 41, {2015, 12}, {2000, 2100, 2200}},
         {"cy", 25, {2023, 1}, {500, 0, 0}}},
        3};
    double total = 0;
    for (int i = 0; i < t.count; i++) {
        struct employee *e = &t.members[i];
        for (int k = 0; k < 3; k++) total += e->salary[k];
        printf("%s %d %d/%02d\n", e->name, e->age, e->hired.year, e->hired.month);
    }
    printf("%s %.2f\n", t.title, total);
    struct team copy = t;
    copy.members[0].name[0] = 'A';
    printf("%s %s\n", t.members[0].name, copy.members[0].name);
    printf("%zu\n", sizeof t.members / sizeof t.members[0]);
    return 0;
}
