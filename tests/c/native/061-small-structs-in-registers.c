// NATIVE: -ljnative
// Structs and unions of at most 8 bytes whose members are all integers or pointers travel in one
// general-purpose register, as an integer does (SysV's INTEGER class): sizes 3, 6, 7 and 8 among
// integer arguments and past the six registers (on the stack), and glibc's socket calls, whose address parameter is a transparent
// union under _GNU_SOURCE (bind, connect, accept, getsockname, getpeername, sendto, recvfrom).
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "jnative.h"

int main(void) {
    struct three t = {{1, -2, 3}};
    struct six s = {1000, -2000, 3000};
    struct seven v = {{1, 2, 3, 4, 5, 6, -7}};
    struct mix8 m = {200, -300, 40};
    struct pair p = {9, 4};
    printf("small_structs %ld\n", small_structs(t, 5, s, v, -11, m, p, 13));
    printf("seven_in_memory %ld\n", seven_in_memory(1, 2, 3, 4, 5, 6, v, t));

    int srv = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    printf("bind %d\n", bind(srv, (struct sockaddr *)&a, sizeof a));
    socklen_t len = sizeof a;
    int r = getsockname(srv, (struct sockaddr *)&a, &len);
    printf("getsockname %d, port given %d\n", r, ntohs(a.sin_port) != 0);
    printf("listen %d\n", listen(srv, 1));
    int c = socket(AF_INET, SOCK_STREAM, 0);
    printf("connect %d\n", connect(c, (struct sockaddr *)&a, sizeof a));
    struct sockaddr_in peer;
    len = sizeof peer;
    int conn = accept(srv, (struct sockaddr *)&peer, &len);
    printf("accept %d, family %d, loopback %d\n", conn >= 0, peer.sin_family == AF_INET,
           peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK));
    struct sockaddr_in seen;
    len = sizeof seen;
    r = getpeername(c, (struct sockaddr *)&seen, &len);
    printf("getpeername %d, same port %d\n", r, seen.sin_port == a.sin_port);
    printf("send %zd\n", send(c, "ping", 4, 0));
    char buf[8] = {0};
    ssize_t got = recv(conn, buf, sizeof buf - 1, 0);
    printf("recv %zd %s\n", got, buf);

    int u1 = socket(AF_INET, SOCK_DGRAM, 0), u2 = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in ua = a;
    ua.sin_port = 0;
    bind(u1, (struct sockaddr *)&ua, sizeof ua);
    len = sizeof ua;
    getsockname(u1, (struct sockaddr *)&ua, &len);
    printf("sendto %zd\n", sendto(u2, "datagram", 8, 0, (struct sockaddr *)&ua, sizeof ua));
    struct sockaddr_in from;
    len = sizeof from;
    memset(buf, 0, sizeof buf);
    ssize_t n = recvfrom(u1, buf, sizeof buf - 1, 0, (struct sockaddr *)&from, &len);
    printf("recvfrom %zd %.7s, from loopback %d\n", n, buf, from.sin_addr.s_addr == htonl(INADDR_LOOPBACK));
    close(u1), close(u2), close(conn), close(c), close(srv);
    return 0;
}
