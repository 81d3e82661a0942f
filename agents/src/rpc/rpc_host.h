/* Host emulation: the 1995 hosts of the case study, whose RPC runtime spent about a millisecond of CPU on every
 * packet it sent or received (Khandker & Teorey, Table 1). Each side (the client process, the server process) is
 * one CPU serving packets first come first served at `packet_us` each; a thread waits until the CPU has done its
 * packet, sleeping, so the emulated CPU does not compete for the real cores. Off unless configured. */
#ifndef PL_RPC_HOST_H
#define PL_RPC_HOST_H
#include <stdatomic.h>
#include <stdint.h>

struct pl_rpc_host { _Atomic int64_t busy_until; };

/* When the host's CPU finishes a packet arriving at `now` (pure: the FIFO schedule, for the tests). */
int64_t pl_rpc_host_reserve(struct pl_rpc_host *h, int64_t now, uint32_t packet_us);
/* One packet's CPU: reserve it and sleep until it is done. No-op when packet_us is 0. */
void pl_rpc_host_packet(struct pl_rpc_host *h, uint32_t packet_us);

#endif
