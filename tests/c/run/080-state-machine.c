#include <stdio.h>
#include <ctype.h>
enum state { START, IN_INT, IN_FRAC, IN_EXP_SIGN, IN_EXP, ACCEPT_DONE, REJECT };
static enum state step(enum state s, char c) {
    switch (s) {
    case START: return isdigit((unsigned char)c) ? IN_INT : (c == '-' || c == '+') ? START : REJECT;
    case IN_INT: return isdigit((unsigned char)c) ? IN_INT : c == '.' ? IN_FRAC : (c == 'e' || c == 'E') ? IN_EXP_SIGN : REJECT;
    case IN_FRAC: return isdigit((unsigned char)c) ? IN_FRAC : (c == 'e' || c == 'E') ? IN_EXP_SIGN : REJECT;
    case IN_EXP_SIGN: return (isdigit((unsigned char)c) || c == '-' || c == '+') ? IN_EXP : REJECT;
    case IN_EXP: return isdigit((unsigned char)c) ? IN_EXP : REJECT;
    default: return REJECT;
    }
}
static int accepts(const char *s) {
    enum state st = START;
    for (; *s && st != REJECT; s++) st = step(st, *s);
    return st == IN_INT || st == IN_FRAC || st == IN_EXP;
}
/* a traffic light driven by a transition table */
enum light { GREEN, YELLOW, RED, NLIGHTS };
static const struct { enum light next; int duration; const char *name; } lights[NLIGHTS] = {
    [GREEN] = {YELLOW, 30, "green"}, [YELLOW] = {RED, 5, "yellow"}, [RED] = {GREEN, 20, "red"}};
int main(void) {
    const char *inputs[] = {"42", "-3.14", "1e10", "2.5E-3", "abc", "1.2.3", "", "7e", "+0.5"};
    for (int i = 0; i < 9; i++) printf("'%s' %s\n", inputs[i], accepts(inputs[i]) ? "number" : "not a number");
    enum light l = RED;
    int t = 0;
    for (int i = 0; i < 7; i++) { printf("t=%d %s\n", t, lights[l].name); t += lights[l].duration; l = lights[l].next; }
    (void)ACCEPT_DONE;
    return 0;
}
