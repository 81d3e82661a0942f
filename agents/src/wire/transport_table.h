/* The ping-pong transports by name (transport_table.c): the table above both transports, which share
 * transport.c's helpers. */
#ifndef PL_TRANSPORT_TABLE_H
#define PL_TRANSPORT_TABLE_H
#include "transport.h"

/* "tcp" or "udp" (any case), else NULL */
const struct pl_transport *pl_transport_find(const char *name);

#endif
