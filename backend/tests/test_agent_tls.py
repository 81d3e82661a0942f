"""The real perflab-agent and an https backend: a CA and a server certificate made here; the agent given that CA
enrols, heartbeats and uploads a run; given another CA it refuses the server. Plain http only to loopback."""

import datetime
import ipaddress
import os
import signal
import ssl
import subprocess
from pathlib import Path

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from perflab.main import create_app

from conftest import ENROLLMENT_TOKEN, serving
from test_agent_integration import AGENT, finished, wait


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def make_ca(cn: str) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(_name(cn)).issuer_name(_name(cn)).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                         content_commitment=False, key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    return key, cert


def make_server_cert(ca_key, ca_cert) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    """For 127.0.0.1 and localhost, signed by the CA."""
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    cert = (x509.CertificateBuilder().subject_name(_name("perflab test backend")).issuer_name(ca_cert.subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName(names), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    return key, cert


def _pem(cert: x509.Certificate) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


@pytest.fixture
def pki(tmp_path) -> dict[str, Path]:
    """The lab's CA, the backend's key and certificate (signed by it), and a second CA that signed nothing here."""
    ca_key, ca = make_ca("perflab test CA")
    key, cert = make_server_cert(ca_key, ca)
    _, other = make_ca("some other CA")
    files = {"ca": _pem(ca), "other_ca": _pem(other), "cert": _pem(cert),
             "key": key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption())}
    paths = {}
    for name, data in files.items():
        paths[name] = tmp_path / f"{name}.pem"
        paths[name].write_bytes(data)
    return paths


@pytest.fixture
def tls_backend(settings, db, pki):
    with serving(create_app(settings, db), ssl_keyfile=str(pki["key"]), ssl_certfile=str(pki["cert"])) as port:
        yield f"https://127.0.0.1:{port}"


def start_agent(name: str, backend: str, tmp_path: Path, *extra: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([str(AGENT), "daemon", "--backend", backend, "--token", ENROLLMENT_TOKEN, "--name", name,
                             "--advertise", "127.0.0.1", "--spool", str(tmp_path / name), *extra],
                            stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"{name}.log", "w"),
                            env={**os.environ, **(env or {})})


def stop(proc: subprocess.Popen) -> int:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    return proc.wait(10)


def test_agents_verify_the_backend_against_the_ca_they_are_given(tls_backend, pki, admin_headers, tmp_path):
    # one agent names the CA by option, the other by PERFLAB_CA_FILE
    procs = {"tls-a": start_agent("tls-a", tls_backend, tmp_path, "--ca-file", str(pki["ca"])),
             "tls-b": start_agent("tls-b", tls_backend, tmp_path, env={"PERFLAB_CA_FILE": str(pki["ca"])})}
    http = httpx.Client(base_url=tls_backend, timeout=30, headers=admin_headers,
                        verify=ssl.create_default_context(cafile=str(pki["ca"])))
    try:
        def agents():
            return {a["name"]: a for a in http.get("/api/agents").json()}

        first = wait(lambda: (lambda a: a if {"tls-a", "tls-b"} <= set(a) else None)(agents()), 15, "enrolled")
        # heartbeats (authenticated calls over TLS) move last_seen_at on
        wait(lambda: all(agents()[n]["last_seen_at"] > first[n]["last_seen_at"] for n in procs), 15, "heartbeats")
        run = http.post("/api/runs", json={"client_agent_id": first["tls-a"]["id"],
                                           "server_agent_id": first["tls-b"]["id"], "request_bytes": 64,
                                           "response_bytes": 64, "calls": 200, "warmup_calls": 10}).json()
        done = wait(lambda: finished(http, run["id"]), 60, "run over TLS finished")
        assert done["status"] == "done", done
        assert done["calls_done"] == 210
    finally:
        codes = {n: stop(p) for n, p in procs.items()}
        http.close()
    assert codes == {"tls-a": 0, "tls-b": 0}, codes
    log = (tmp_path / "tls-a.log").read_text()
    assert f"verified against {pki['ca']}" in log and "TLS:" not in log, log


def test_an_agent_given_another_ca_refuses_the_backend(tls_backend, pki, admin_headers, tmp_path):
    proc = start_agent("tls-wrong", tls_backend, tmp_path, "--ca-file", str(pki["other_ca"]))
    log_path = tmp_path / "tls-wrong.log"
    try:
        log = wait(lambda: (lambda t: t if "enrolment failed" in t else None)(log_path.read_text()), 15,
                   "a refused enrolment")
    finally:
        code = stop(proc)
    assert code == 0
    refused = next(line for line in log.splitlines() if "enrolment failed" in line)
    assert "TLS:" in refused and f"--ca-file {pki['other_ca']}" in refused, refused
    assert "certificate" in refused.lower(), refused
    assert "enrolled at" not in log
    with httpx.Client(base_url=tls_backend, headers=admin_headers,
                      verify=ssl.create_default_context(cafile=str(pki["ca"]))) as http:
        assert [a["name"] for a in http.get("/api/agents").json()] == []


@pytest.mark.parametrize("backend, extra, message", [
    ("http://192.0.2.10:8000", (), "--allow-plain-http"),
    ("http://backend:8000", (), "--allow-plain-http"),
    ("https://127.0.0.1:9", ("--ca-file", "/nonexistent/ca.pem"), "--ca-file /nonexistent/ca.pem cannot be read"),
    ("ftp://127.0.0.1", (), "--backend must be an https:// or http:// URL"),
])
def test_the_agent_refuses_to_start_on_an_unsafe_backend_url(backend, extra, message, tmp_path):
    proc = start_agent("plain", backend, tmp_path, *extra)
    assert proc.wait(10) == 2
    err = (tmp_path / "plain.log").read_text()
    assert message in err, err
    assert not (tmp_path / "plain").exists()  # refused before anything: no spool made


def test_plain_http_off_this_machine_when_asked_for(tmp_path):
    # a documentation address (RFC 5737): nobody answers, but the agent starts and tries
    proc = start_agent("plain-ok", "http://192.0.2.10:8000", tmp_path, "--allow-plain-http")
    log_path = tmp_path / "plain-ok.log"
    try:
        wait(lambda: "starting; backend http://192.0.2.10:8000" in log_path.read_text(), 10, "the agent started")
    finally:
        assert stop(proc) == 0
