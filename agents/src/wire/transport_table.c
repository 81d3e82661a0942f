/* The ping-pong transports by name (transport_table.h). */
#include "transport_table.h"

#include <strings.h>

const struct pl_transport *pl_transport_find(const char *name)
{
    if (name && strcasecmp(name, "tcp") == 0)
        return &pl_transport_tcp;
    if (name && strcasecmp(name, "udp") == 0)
        return &pl_transport_udp;
    return NULL;
}
