#include <stdio.h>
#include <string.h>
struct student { char name[12]; int grade; double gpa; };
static void sort_by_gpa(struct student *s, int n) {
    for (int i = 0; i < n - 1; i++)
        for (int j = 0; j < n - 1 - i; j++)
            if (s[j].gpa < s[j + 1].gpa || (s[j].gpa == s[j + 1].gpa && strcmp(s[j].name, s[j + 1].name) > 0)) {
                struct student t = s[j]; s[j] = s[j + 1]; s[j + 1] = t;
            }
}
int main(void) {
    struct student s[] = {{"kim", 10, 3.5}, {"lee", 11, 3.9}, {"ada", 12, 3.5}, {"bo", 9, 2.75}, {"cy", 10, 4.0}};
    int n = sizeof s / sizeof s[0];
    sort_by_gpa(s, n);
    for (int i = 0; i < n; i++) printf("%-5s %2d %.2f\n", s[i].name, s[i].grade, s[i].gpa);
    double avg = 0;
    for (int i = 0; i < n; i++) avg += s[i].gpa;
    printf("avg %.3f\n", avg / n);
    int by_grade[13] = {0};
    for (int i = 0; i < n; i++) by_grade[s[i].grade]++;
    for (int g = 9; g <= 12; g++) printf("grade %d: %d\n", g, by_grade[g]);
    return 0;
}
