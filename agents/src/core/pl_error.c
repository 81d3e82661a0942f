#include "pl_error.h"

static const char *const messages[PL_ERR__COUNT] = {
    [PL_OK] = "no error",
    [PL_ERR_ARGS] = "bad argument",
    [PL_ERR_NOMEM] = "out of memory",
    [PL_ERR_SOCKET] = "socket setup failed",
    [PL_ERR_UNREACHABLE] = "peer unreachable",
    [PL_ERR_PROTOCOL] = "ping-pong protocol error",
    [PL_ERR_PEER_CLOSED] = "peer closed the connection",
    [PL_ERR_IO] = "send/recv failed",
    [PL_ERR_TIMEOUT] = "reply timed out",
    [PL_ERR_CANCELLED] = "cancelled",
    [PL_ERR_HTTP] = "backend unreachable",
    [PL_ERR_REJECTED] = "backend rejected the request",
    [PL_ERR_SPOOL] = "spool i/o failed",
    [PL_ERR_PEER_SILENT] = "peer stopped answering",
};

const char *pl_strerror(int err)
{
    if (err < 0 || err >= PL_ERR__COUNT || !messages[err])
        return "unknown error";
    return messages[err];
}
