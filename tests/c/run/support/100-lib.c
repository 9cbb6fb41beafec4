/* Second translation unit of 100-multi-file.c: globals and functions resolved at link time. */
#include <stdio.h>
int lib_counter = 40;
static int hidden = 2;             /* internal linkage: the main file has its own 'hidden' */
const char lib_name[] = "support library";
extern int main_value;             /* defined in the main file */
int lib_next(void) { return ++lib_counter + hidden; }
int lib_sum(const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s + main_value; }
void lib_report(void) { printf("lib sees main_value=%d hidden=%d\n", main_value, hidden); }
int (*lib_pick(int which))(void) { return which ? lib_next : 0; }
