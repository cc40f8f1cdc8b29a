"""wss://: a server with a certificate made here (openssl, on 127.0.0.1), a client that checks it
with the system's store and takes a self-signed one only when told to trust that one; and the
operator's log lines of `squarewise serve`."""
from __future__ import annotations

import json
import shutil
import signal
import ssl
import subprocess
import sys
import time

import pytest

from game.net.client import RaceClient, ThreadedClient, UntrustedCertificate, fingerprint
from tests.net.race import run, serving

SERVE = [sys.executable, "-m", "game", "serve", "--port", "0"]


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    """(certfile, keyfile, its SHA-256 fingerprint): self-signed for 127.0.0.1."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a certificate")
    where = tmp_path_factory.mktemp("tls")
    cert, key = where / "cert.pem", where / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True, timeout=30)
    return cert, key, fingerprint(ssl.PEM_cert_to_DER_cert(cert.read_text()))


def _tls(certificate) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificate[0], certificate[1])
    return context


def _wss(url: str) -> str:
    return url.replace("ws://", "wss://")


def test_a_self_signed_certificate_is_accepted_only_by_its_trusted_fingerprint(certificate):
    async def main():
        async with serving() as (server, url):
            await server.close()
            port = await server.start("127.0.0.1", 0, ssl=_tls(certificate))
            url = f"wss://127.0.0.1:{port}/"
            with pytest.raises(UntrustedCertificate) as refused:
                await RaceClient.connect(url)
            assert refused.value.fingerprint == certificate[2] and certificate[2] in str(refused.value)
            with pytest.raises(UntrustedCertificate, match="not the one trusted"):
                await RaceClient.connect(url, trust="00:" * 31 + "00")
            client = await RaceClient.connect(url, trust=certificate[2])
            await client.send("create", name="Ann", dice="default", level="any")
            assert (await client.until("joined"))["token"]                       # the token travels in TLS
    run(main())


def test_a_plain_client_cannot_talk_to_a_tls_server(certificate):
    async def main():
        async with serving() as (server, url):
            await server.close()
            port = await server.start("127.0.0.1", 0, ssl=_tls(certificate))
            with pytest.raises(Exception) as failed:
                await RaceClient.connect(f"ws://127.0.0.1:{port}/", timeout=3)
            assert not isinstance(failed.value, AssertionError)
    run(main())


def on_wss(certificate) -> dict:
    """`serve` on wss: a polled client refused, then one trusting the fingerprint it was given
    creating a room as 'Zoë "x"', then Ctrl-C. What each side said."""
    process = subprocess.Popen(SERVE + ["--certfile", str(certificate[0]), "--keyfile", str(certificate[1])],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline()
        assert first.startswith("squarewise: race server on wss://127.0.0.1:"), first
        url = "wss://" + first.split("wss://", 1)[1].split()[0]
        refused = ThreadedClient(url)
        lost = _poll_for(refused, "lost")
        refused.close()
        trusted = ThreadedClient(url, trust=lost["fingerprint"])
        _poll_for(trusted, "connected")
        trusted.send("create", name='Zo\u00eb "x"', dice="default", level="any")
        joined = _poll_for(trusted, "joined")
        trusted.close()
        line = process.stdout.readline()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
        assert out.endswith("squarewise: race server stopped\n") and err == ""
        return {"lost": lost, "joined": joined, "line": line}
    finally:
        process.kill()
        process.wait(10)


def test_serve_on_wss_the_polled_client_gives_the_fingerprint_to_trust(certificate):
    lost = on_wss(certificate)["lost"]
    assert "not trusted" in lost["reason"] and lost["fingerprint"] == certificate[2]


def test_serve_on_wss_the_log_escapes_names(certificate):
    said = on_wss(certificate)
    line = said["line"]
    assert f"room={said['joined']['room']} seat=1 addr=\"127.0.0.1\" created the room as " in line
    assert json.dumps('Zo\u00eb "x"') in line and line.isascii()          # player text escaped


def _poll_for(client: ThreadedClient, kind: str, timeout: float = 10.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for message in client.poll():
            if message["type"] == kind:
                return message
        time.sleep(0.01)
    raise AssertionError(f"no {kind} in {timeout} s")


def test_serve_refuses_a_certificate_it_cannot_use_in_one_line(tmp_path):
    bad = tmp_path / "bad.pem"
    bad.write_text("not a certificate\n")
    ran = subprocess.run(SERVE + ["--certfile", str(bad), "--keyfile", str(bad)], capture_output=True, text=True,
                         timeout=30)
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1 and "cannot use the certificate" in ran.stderr
    ran = subprocess.run(SERVE + ["--certfile", str(bad)], capture_output=True, text=True, timeout=30)
    assert ran.returncode == 2 and "go together" in ran.stderr


def test_serve_refuses_a_key_with_a_passphrase_in_one_line(certificate, tmp_path):
    locked = tmp_path / "locked.pem"
    subprocess.run(["openssl", "pkey", "-in", str(certificate[1]), "-out", str(locked), "-aes256",
                    "-passout", "pass:secret"], check=True, capture_output=True, timeout=30)
    ran = subprocess.run(SERVE + ["--certfile", str(certificate[0]), "--keyfile", str(locked)], capture_output=True,
                         text=True, timeout=30, stdin=subprocess.DEVNULL, start_new_session=True)
    assert ran.returncode == 2 and ran.stdout == "" and ran.stderr.count("\n") == 1, ran.stderr
    assert ran.stderr.startswith("squarewise: error: the key ") and "has a passphrase" in ran.stderr
