/* What an agent can tell about its network path from the kernel: interfaces, their MTU and link speed
 * (/sys/class/net), their addresses, and which interface carries traffic towards a peer. */
#ifndef PL_NETINFO_H
#define PL_NETINFO_H
#include <cjson/cJSON.h>
#include <stddef.h>

/* {"interfaces": [{"name", "mtu", "speed_mbps"?, "operstate", "addresses": [..]}],
 *  "advertised": {"interface", "mtu", "speed_mbps"?} | absent when no interface holds `advertise`}.
 * speed_mbps is left out when the driver does not know it (virtual links answer EINVAL or -1). */
cJSON *pl_netinfo_json(const char *advertise);

/* Name of the interface holding IPv4/IPv6 address `addr`; 0, or -1 when none does. */
int pl_netinfo_iface_of(const char *addr, char *ifname, size_t len);

/* Name of the interface the kernel routes towards `peer` (a connect()ed UDP socket's local address); 0 or -1. */
int pl_netinfo_iface_towards(const char *peer, char *ifname, size_t len);

/* The path a job's traffic to `peer` takes: {"peer", "interface"?, "mtu"?, "speed_mbps"?} (what is known). */
cJSON *pl_netinfo_path_json(const char *peer);

/* MTU and link speed (Mbit/s) of `ifname` from /sys/class/net; -1 when unknown. */
long pl_netinfo_mtu(const char *ifname);
long pl_netinfo_speed_mbps(const char *ifname);
#endif
