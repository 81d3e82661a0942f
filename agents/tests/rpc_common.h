/* Shared by the RPC runtime's loopback tests (t_rpc_call over udp, t_rpc_tcp over tcp): a server on an ephemeral
 * loopback port, a binding to it by its string form, an echo call that checks its reply, and the key check of a
 * protection level. */
#ifndef RPC_COMMON_H
#define RPC_COMMON_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "pl_error.h"
#include "rpc.h"

static const char *rpc_transport_name(const struct pl_rpc_config *c)
{
    return c->transport == PL_RPC_TCP ? "tcp" : "udp";
}

/* a loopback server with config c keeping n records in recs: PL_OK when up */
static int rpc_start(struct pl_rpc_server *s, const struct pl_rpc_config *c, struct pl_rpc_srec *recs, uint32_t n)
{
    char err[256];
    int rc = pl_rpc_server_start(s, c, 0x1f, "127.0.0.1", 0, 2, recs, n, err, sizeof err);
    CHECK(rc == PL_OK, "%s server start: %s", rpc_transport_name(c), err);
    return rc;
}

/* a binding with config c to the loopback server on port, by the string a user writes ("tcp:127.0.0.1[port]") */
static void rpc_bind(struct pl_rpc_binding *b, const struct pl_rpc_config *c, int port)
{
    char s[64], err[256];
    snprintf(s, sizeof s, "%s:127.0.0.1[%d]", rpc_transport_name(c), port);
    CHECK(pl_rpc_binding_from_string(b, c, s, err, sizeof err) == PL_OK, "binding %s: %s", s, err);
    CHECK(b->cfg.transport == c->transport, "the binding string %s selects its transport", s);
}

/* rpc_start, then rpc_bind b with config bc to it: PL_OK when both are up */
static int rpc_serve(struct pl_rpc_server *s, const struct pl_rpc_config *c, struct pl_rpc_srec *recs, uint32_t n,
                     struct pl_rpc_binding *b, const struct pl_rpc_config *bc)
{
    int rc = rpc_start(s, c, recs, n);
    if (rc == PL_OK)
        rpc_bind(b, bc, s->port);
    return rc;
}

/* an echo call of n bytes numbered call_no: its status; a reply that is not the request fails a check */
static int rpc_echo(struct pl_rpc_binding *b, uint32_t n, uint32_t call_no, struct pl_rpc_crec *rec)
{
    uint8_t *req = malloc(n + 1), *rep = malloc(n + 1);
    for (uint32_t i = 0; i < n; i++)
        req[i] = (uint8_t)(i * 7 + 3);
    memset(rec, 0, sizeof *rec);
    struct pl_rpc_call c = {.proc = PL_PROC_ECHO, .req = req, .req_len = n, .reply = rep, .reply_cap = n,
                            .call_no = call_no};
    int rc = pl_rpc_call(b, &c, rec);
    if (rc == PL_OK)
        CHECK(c.reply_len == n && memcmp(req, rep, n) == 0, "%s echo of %u bytes came back intact",
              rpc_transport_name(&b->cfg), n);
    free(req);
    free(rep);
    return rc;
}

/* at c's protection level, on the server s: a client with c's key is served, one with another key is refused (at
 * level none no key is involved, so it is served too) */
static void rpc_check_key(const struct pl_rpc_server *s, const struct pl_rpc_config *c)
{
    const char *level = pl_rpc_prot_name(c->prot);
    struct pl_rpc_binding b;
    struct pl_rpc_crec r;
    rpc_bind(&b, c, s->port);
    CHECK(rpc_echo(&b, 20000, 0, &r) == PL_OK, "%s at level %s: a 20000-byte call", rpc_transport_name(c), level);
    pl_rpc_binding_free(&b);
    struct pl_rpc_config other = *c;
    other.key[0] ^= 1;
    other.max_retries = 3; /* fail fast */
    rpc_bind(&b, &other, s->port);
    int rc = rpc_echo(&b, 20000, 1, &r);
    CHECK((rc == PL_OK) == (c->prot == PL_PROT_NONE), "%s at level %s: a client with another key is %s (rc %d)",
          rpc_transport_name(c), level, c->prot == PL_PROT_NONE ? "served" : "refused", rc);
    pl_rpc_binding_free(&b);
}

#endif
