/* netinfo against this machine's own kernel: loopback is always there, with the MTU /sys reports. */
#include "check.h"
#include "netinfo.h"

#include <stdlib.h>
#include <string.h>

static long sys_mtu_of_lo(void)
{
    FILE *f = fopen("/sys/class/net/lo/mtu", "r");
    long v = -1;
    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = -1;
        fclose(f);
    }
    return v;
}

int main(void)
{
    char ifname[32] = "";
    CHECK(pl_netinfo_iface_of("127.0.0.1", ifname, sizeof ifname) == 0 && strcmp(ifname, "lo") == 0, "got %s", ifname);
    CHECK(pl_netinfo_iface_of("192.0.2.77", ifname, sizeof ifname) == -1, "TEST-NET address is nobody's");
    CHECK(pl_netinfo_iface_of("not an address", ifname, sizeof ifname) == -1, "garbage rejected");
    ifname[0] = 0;
    CHECK(pl_netinfo_iface_towards("127.0.0.1", ifname, sizeof ifname) == 0 && strcmp(ifname, "lo") == 0,
          "route to 127.0.0.1 via %s", ifname);
    CHECK(pl_netinfo_mtu("lo") == sys_mtu_of_lo() && sys_mtu_of_lo() > 0, "mtu %ld", pl_netinfo_mtu("lo"));
    CHECK(pl_netinfo_mtu("no-such-if0") == -1, "unknown interface");
    CHECK(pl_netinfo_speed_mbps("lo") == -1, "loopback has no link speed");

    cJSON *path = pl_netinfo_path_json("127.0.0.1");
    CHECK(strcmp(cJSON_GetObjectItem(path, "interface")->valuestring, "lo") == 0, "path towards 127.0.0.1 via lo");
    CHECK(cJSON_GetObjectItem(path, "mtu")->valuedouble == (double)sys_mtu_of_lo(), "path mtu");
    cJSON_Delete(path);
    path = pl_netinfo_path_json("not an address");
    CHECK(!cJSON_GetObjectItem(path, "interface") && cJSON_GetObjectItem(path, "peer"), "unknown route: peer only");
    cJSON_Delete(path);

    cJSON *j = pl_netinfo_json("127.0.0.1");
    const cJSON *adv = cJSON_GetObjectItem(j, "advertised");
    CHECK(adv && strcmp(cJSON_GetObjectItem(adv, "interface")->valuestring, "lo") == 0, "advertised interface");
    CHECK(adv && cJSON_GetObjectItem(adv, "mtu")->valuedouble == (double)sys_mtu_of_lo(), "advertised mtu");
    CHECK(adv && !cJSON_GetObjectItem(adv, "speed_mbps"), "no speed for lo");
    int found_lo = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(j, "interfaces")) {
        if (strcmp(cJSON_GetObjectItem(it, "name")->valuestring, "lo") != 0)
            continue;
        found_lo = 1;
        const cJSON *a;
        int has = 0;
        cJSON_ArrayForEach(a, cJSON_GetObjectItem(it, "addresses")) has |= strcmp(a->valuestring, "127.0.0.1") == 0;
        CHECK(has, "lo carries 127.0.0.1");
    }
    CHECK(found_lo == 1, "lo listed once");
    cJSON_Delete(j);
    cJSON *none = pl_netinfo_json("192.0.2.77");
    CHECK(cJSON_GetObjectItem(none, "advertised") == NULL, "no advertised entry for a foreign address");
    cJSON_Delete(none);
    return check_result("t_netinfo");
}
