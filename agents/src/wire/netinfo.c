#include "netinfo.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static long read_sys_long(const char *ifname, const char *attr)
{
    char path[128], buf[64];
    snprintf(path, sizeof path, "/sys/class/net/%s/%s", ifname, attr);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    /* virtual interfaces fail the read of `speed` with EINVAL: unknown */
    long v = fgets(buf, sizeof buf, f) ? strtol(buf, NULL, 10) : -1;
    fclose(f);
    return v;
}

long pl_netinfo_mtu(const char *ifname) { return read_sys_long(ifname, "mtu"); }

long pl_netinfo_speed_mbps(const char *ifname)
{
    long v = read_sys_long(ifname, "speed");
    return v > 0 ? v : -1;
}

static void read_operstate(const char *ifname, char *out, size_t len)
{
    char path[128];
    snprintf(path, sizeof path, "/sys/class/net/%s/operstate", ifname);
    snprintf(out, len, "unknown");
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (fgets(out, (int)len, f))
        out[strcspn(out, "\n")] = 0;
    fclose(f);
}

static int addr_text(const struct sockaddr *sa, char *out, size_t len)
{
    if (!sa || (sa->sa_family != AF_INET && sa->sa_family != AF_INET6))
        return -1;
    socklen_t sl = sa->sa_family == AF_INET ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);
    return getnameinfo(sa, sl, out, (socklen_t)len, NULL, 0, NI_NUMERICHOST) == 0 ? 0 : -1;
}

/* the same address in canonical text form, so "::1" and "0::1" compare equal */
static int canonical(const char *in, char *out, size_t len)
{
    struct addrinfo hints = {.ai_flags = AI_NUMERICHOST}, *ai = NULL;
    if (getaddrinfo(in, NULL, &hints, &ai) != 0)
        return -1;
    int rc = addr_text(ai->ai_addr, out, len);
    freeaddrinfo(ai);
    return rc;
}

int pl_netinfo_iface_of(const char *addr, char *ifname, size_t len)
{
    char want[INET6_ADDRSTRLEN + 16], have[INET6_ADDRSTRLEN + 16];
    struct ifaddrs *list = NULL;
    if (canonical(addr, want, sizeof want) != 0 || getifaddrs(&list) != 0)
        return -1;
    int rc = -1;
    for (struct ifaddrs *i = list; i && rc != 0; i = i->ifa_next)
        if (addr_text(i->ifa_addr, have, sizeof have) == 0 && strcmp(have, want) == 0) {
            snprintf(ifname, len, "%s", i->ifa_name);
            rc = 0;
        }
    freeifaddrs(list);
    return rc;
}

int pl_netinfo_iface_towards(const char *peer, char *ifname, size_t len)
{
    struct addrinfo hints = {.ai_flags = AI_NUMERICHOST, .ai_socktype = SOCK_DGRAM}, *ai = NULL;
    if (getaddrinfo(peer, "9", &hints, &ai) != 0)
        return -1;
    /* connect() on UDP sends nothing: it only asks the kernel for the route and the source address */
    int fd = socket(ai->ai_family, SOCK_DGRAM, 0), rc = -1;
    struct sockaddr_storage local;
    socklen_t sl = sizeof local;
    char text[INET6_ADDRSTRLEN + 16];
    if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 &&
        getsockname(fd, (struct sockaddr *)&local, &sl) == 0 &&
        addr_text((struct sockaddr *)&local, text, sizeof text) == 0)
        rc = pl_netinfo_iface_of(text, ifname, len);
    if (fd >= 0)
        close(fd);
    freeaddrinfo(ai);
    return rc;
}

static void add_link(cJSON *o, const char *ifname)
{
    long mtu = pl_netinfo_mtu(ifname), speed = pl_netinfo_speed_mbps(ifname);
    if (mtu > 0)
        cJSON_AddNumberToObject(o, "mtu", (double)mtu);
    if (speed > 0)
        cJSON_AddNumberToObject(o, "speed_mbps", (double)speed);
}

cJSON *pl_netinfo_path_json(const char *peer)
{
    cJSON *o = cJSON_CreateObject();
    char ifname[64];
    cJSON_AddStringToObject(o, "peer", peer);
    if (pl_netinfo_iface_towards(peer, ifname, sizeof ifname) == 0) {
        cJSON_AddStringToObject(o, "interface", ifname);
        add_link(o, ifname);
    }
    return o;
}

cJSON *pl_netinfo_json(const char *advertise)
{
    cJSON *root = cJSON_CreateObject(), *ifs = cJSON_AddArrayToObject(root, "interfaces");
    struct ifaddrs *list = NULL;
    if (getifaddrs(&list) == 0) {
        for (struct ifaddrs *i = list; i; i = i->ifa_next) {
            cJSON *entry = NULL, *it;
            cJSON_ArrayForEach(it, ifs)
                if (strcmp(cJSON_GetObjectItem(it, "name")->valuestring, i->ifa_name) == 0)
                    entry = it;
            if (!entry) {
                char state[32];
                entry = cJSON_CreateObject();
                cJSON_AddStringToObject(entry, "name", i->ifa_name);
                add_link(entry, i->ifa_name);
                read_operstate(i->ifa_name, state, sizeof state);
                cJSON_AddStringToObject(entry, "operstate", state);
                cJSON_AddArrayToObject(entry, "addresses");
                cJSON_AddItemToArray(ifs, entry);
            }
            char text[INET6_ADDRSTRLEN + 16];
            if (addr_text(i->ifa_addr, text, sizeof text) == 0)
                cJSON_AddItemToArray(cJSON_GetObjectItem(entry, "addresses"), cJSON_CreateString(text));
        }
        freeifaddrs(list);
    }
    char ifname[IF_NAMESIZE + 1];
    if (advertise && pl_netinfo_iface_of(advertise, ifname, sizeof ifname) == 0) {
        cJSON *adv = cJSON_AddObjectToObject(root, "advertised");
        cJSON_AddStringToObject(adv, "interface", ifname);
        add_link(adv, ifname);
    }
    return root;
}
