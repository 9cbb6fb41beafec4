// NATIVE:
// glibc's time functions with a time zone: setenv("TZ"), tzset, localtime_r, gmtime_r, mktime,
// strftime, the tzname and timezone globals.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void show(const char *tz, time_t t) {
    setenv("TZ", tz, 1);
    tzset();
    struct tm lt, gt;
    localtime_r(&t, &lt);
    gmtime_r(&t, &gt);
    char buf[128];
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %Z %z %a %j %U", &lt);
    printf("%-20s %s isdst %d gmtoff %ld tzname %s/%s timezone %ld daylight %d\n", tz, buf, lt.tm_isdst, lt.tm_gmtoff, tzname[0], tzname[1], timezone, daylight);
    struct tm back = lt;
    printf("  mktime round trip %d, gm %02d:%02d, timegm %ld\n", mktime(&back) == t, gt.tm_hour, gt.tm_min, (long)timegm(&gt));
}

int main(void) {
    time_t t = 1700000000;            /* 2023-11-14 22:13:20 UTC */
    show("UTC", t);
    show("America/New_York", t);
    show("Europe/Berlin", t + 200 * 86400);
    show("Asia/Kolkata", t);
    struct tm in = {0, 30, 12, 31, 11, 99, 0, 0, -1, 0, 0};
    setenv("TZ", "Europe/Paris", 1);
    tzset();
    time_t m = mktime(&in);
    printf("mktime %ld wday %d yday %d\n", (long)m, in.tm_wday, in.tm_yday);
    struct tm *p = localtime(&m);
    char buf[64];
    strftime(buf, sizeof buf, "%c", p);
    printf("%s\n", buf);
    return 0;
}
