// alarm with SIGALRM's default action: the program ends by the signal (status 142) while it
// waits in pause, as gcc's build ends; the output it wrote before stays.
#include <stdio.h>
#include <unistd.h>

int main(void) {
    printf("waiting for the alarm\n");
    fflush(stdout);
    alarm(1);
    for (;;) pause();
}
