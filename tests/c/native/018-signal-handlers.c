// C signal handlers (docs/design/abi.md § Signals): signal and sigaction (SA_SIGINFO,
// SA_RESETHAND, SA_NODEFER, sa_mask), raise and kill of the program itself (the handler runs before
// they return), SIG_IGN, the signal mask (blocked signals wait, sigpending, delivery at unblock),
// sigsuspend, sigwait, alarm with pause and an interrupted sleep, and at the end a signal whose
// action is the default: the program ends by SIGTERM (status 143), its atexit handler unrun.
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t got, count, alarms, nested;

static void on_usr1(int s) { got = s; count++; }
static void on_alarm(int s) { (void)s; alarms++; }
static void on_info(int s, siginfo_t *si, void *ctx) {
    (void)ctx;
    got = s;
    printf("siginfo: signo %d, code %s, from this process %d\n", si->si_signo,
           si->si_code == SI_TKILL ? "SI_TKILL" : si->si_code == SI_USER ? "SI_USER" : "other", si->si_pid == getpid());
}
static void on_usr2_masked(int s) {
    (void)s;
    /* SIGUSR1 is in this handler's sa_mask: raised here, it waits until the handler returns */
    raise(SIGUSR1);
    nested = got;
}
static void never(void) { printf("atexit handler (not reached: the default action of SIGTERM)\n"); }

int main(void) {
    setvbuf(stdout, NULL, _IONBF, 0);   /* each line out at once: the end is a signal */
    atexit(never);
    /* signal: the old action comes back */
    printf("first signal returns SIG_DFL: %d\n", signal(SIGUSR1, on_usr1) == SIG_DFL);
    printf("second returns the handler: %d\n", signal(SIGUSR1, on_usr1) == on_usr1);
    raise(SIGUSR1);
    printf("raise: got %d, count %d\n", got, count);
    got = 0;
    kill(getpid(), SIGUSR1);
    printf("kill to itself: got %d, count %d\n", got, count);

    /* blocked: pending until unblocked */
    sigset_t set, old, pend;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigprocmask(SIG_BLOCK, &set, &old);
    got = 0;
    raise(SIGUSR1);
    raise(SIGUSR1);   /* a standard signal does not queue: one delivery */
    sigpending(&pend);
    printf("blocked: got %d, pending %d\n", got, sigismember(&pend, SIGUSR1));
    sigprocmask(SIG_SETMASK, &old, NULL);
    printf("unblocked: got %d, count %d\n", got, count);

    /* sigaction with SA_SIGINFO, and the old action read back */
    struct sigaction sa, prev;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_info;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR2, &sa, NULL);
    raise(SIGUSR2);
    kill(getpid(), SIGUSR2);
    sigaction(SIGUSR2, NULL, &prev);
    printf("sigaction reads back: SA_SIGINFO %d, handler %d\n", (prev.sa_flags & SA_SIGINFO) != 0, prev.sa_sigaction == on_info);

    /* sa_mask: a signal raised inside the handler waits for it */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr2_masked;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGUSR1);
    sigaction(SIGUSR2, &sa, NULL);
    got = 0;
    raise(SIGUSR2);
    printf("sa_mask: inside the handler got %d, after it %d\n", nested, got);

    /* SA_RESETHAND: the handler runs once, then the action is the default again */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigaction(SIGUSR1, &sa, NULL);
    count = 0;
    raise(SIGUSR1);
    sigaction(SIGUSR1, NULL, &prev);
    printf("SA_RESETHAND: count %d, now SIG_DFL %d\n", count, prev.sa_handler == SIG_DFL);

    /* ignored */
    signal(SIGUSR1, SIG_IGN);
    raise(SIGUSR1);
    kill(getpid(), SIGUSR1);
    printf("ignored: still here\n");

    /* alarm: pause returns -1 with EINTR once the handler ran; sleep returns early */
    signal(SIGALRM, on_alarm);
    alarm(1);
    int r = pause();
    printf("pause %d, EINTR %d, alarms %d\n", r, errno == EINTR, alarms);
    alarm(1);
    unsigned left = sleep(10);
    printf("sleep interrupted: %d, alarms %d\n", left > 0 && left < 10, alarms);

    /* sigsuspend: blocked, sent, then waited for with the mask opened */
    signal(SIGUSR1, on_usr1);
    sigprocmask(SIG_BLOCK, &set, &old);
    got = 0;
    kill(getpid(), SIGUSR1);
    printf("before sigsuspend: got %d\n", got);
    sigset_t none;
    sigemptyset(&none);
    r = sigsuspend(&none);
    printf("sigsuspend %d, EINTR %d, got %d\n", r, errno == EINTR, got);

    /* sigwait: a blocked signal taken without its handler */
    got = 0;
    raise(SIGUSR1);
    int which = 0;
    sigwait(&set, &which);
    printf("sigwait took %d, handler ran %d\n", which, got);
    sigprocmask(SIG_SETMASK, &old, NULL);

    /* the default action ends the program by the signal: no atexit handler, status 143 */
    printf("raising SIGTERM\n");
    raise(SIGTERM);
    printf("not reached\n");
    return 0;
}
