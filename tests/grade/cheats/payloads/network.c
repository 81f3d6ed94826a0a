
/* ---- cheat: reach the network (to fetch the reference, or to send the
 * inputs away). */
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void cheat_connect(const char *address, int port)
{
    int sock = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in to;
    memset(&to, 0, sizeof to);
    to.sin_family = AF_INET;
    to.sin_port = htons((unsigned short)port);
    inet_pton(AF_INET, address, &to.sin_addr);
    if (sock >= 0 && connect(sock, (struct sockaddr *)&to, sizeof to) == 0) {
        printf("ESCAPED: connected to %s:%d\n", address, port);
    }
    if (sock >= 0) {
        close(sock);
    }
}

__attribute__((constructor)) static void cheat_network(void)
{
    cheat_connect("1.1.1.1", 53);
    cheat_connect("8.8.8.8", 443);
    cheat_connect("140.82.112.3", 443);
    struct addrinfo *found = NULL;
    if (getaddrinfo("github.com", "443", NULL, &found) == 0) {
        printf("ESCAPED: resolved github.com\n");
        freeaddrinfo(found);
    }
    fflush(stdout);
}
