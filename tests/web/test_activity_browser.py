"""The Activity in a real browser, with Discord played on both sides: the Discord client is
a page on https://discord.com (served by the test) that frames the Activity at
https://<client id>.discordsays.com (Discord's proxy: here that name resolves to the board's
server on loopback, over TLS with a certificate made for the test) and answers the Embedded
App SDK's messages; Discord's API is the fake on loopback. The page signs in and lands on
the player's board inside the frame of another site; a declined sign-in says why."""

from __future__ import annotations

import datetime
import ssl
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from playwright.async_api import Browser, Page, Route, async_playwright

from bot.i18n import t
from tests.web.activity_fakes import CLIENT_ID
from tests.web.test_activity import CHANNEL, PLAYERS, Site, serve

HOST = f"{CLIENT_ID}.discordsays.com"
PROXY = f"https://{HOST}"
CLIENT = "https://discord.com/channels/500/600"
# Discord's client: answers the handshake with READY, then AUTHORIZE with the code (or an
# error when the user declines); every message the Activity sent is kept in window.sent
PARENT = """<!doctype html><html><body>
<iframe id="activity" src="%(src)s" style="width:800px;height:600px"></iframe>
<script>
window.sent = [];
var frame = document.getElementById("activity");
window.addEventListener("message", function (event) {
  if (event.source !== frame.contentWindow) return;
  var m = event.data; window.sent.push(m);
  if (m[0] === 0) {
    frame.contentWindow.postMessage([1, {cmd: "DISPATCH", evt: "READY", data: {v: 1}}], "*");
  } else if (m[0] === 1 && m[1].cmd === "AUTHORIZE") {
    var answer = %(answer)s;
    answer.nonce = m[1].nonce;
    frame.contentWindow.postMessage([1, answer], "*");
  }
});
</script></body></html>"""


def tls_context(folder: Path) -> ssl.SSLContext:
    """A certificate for the Activity's discordsays.com name, made for this test."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, HOST)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(HOST)]), critical=False)
            .sign(key, hashes.SHA256()))
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "key.pem").write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    return context


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async for s in serve(tmp_path):
        yield s


@pytest.fixture
async def browser(site: Site, tmp_path: Path) -> AsyncIterator[Browser]:
    """Chromium in which the Activity's name leads to the board's server, over TLS."""
    tls = web.TCPSite(site.runner, "127.0.0.1", 0, ssl_context=tls_context(tmp_path))
    await tls.start()
    port = tls._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    async with async_playwright() as p:
        launched = await p.chromium.launch(
            executable_path="/usr/bin/chromium",
            # the name leads to loopback: Chromium's checks of a public page reaching a
            # local address are off, as the name is public in Discord's own deployment
            args=[f"--host-resolver-rules=MAP {HOST} 127.0.0.1:{port}",
                  "--disable-features=LocalNetworkAccessChecks"])
        try:
            yield launched
        finally:
            await launched.close()


async def discord_client(browser: Browser, answer: str, lang: str) -> Page:
    context = await browser.new_context(locale=lang, ignore_https_errors=True)
    page = await context.new_page()
    src = f"{PROXY}/?frame_id=f1&instance_id=i1&platform=desktop&guild_id=500" \
          f"&channel_id={CHANNEL}"

    async def client(route: Route) -> None:
        await route.fulfill(status=200, content_type="text/html",
                            body=PARENT % {"src": src, "answer": answer})

    await page.route(CLIENT, client)
    return page


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_activity_signs_in_and_opens_the_players_board(
        site: Site, browser: Browser, lang: str) -> None:
    user = PLAYERS[1]
    code = site.discord.code_for(user, locale="fr" if lang == "fr" else "en-GB")
    page = await discord_client(browser, f'{{cmd: "AUTHORIZE", data: {{code: "{code}"}}}}',
                                lang)
    try:
        await page.goto(CLIENT)
        await page.frame_locator("#activity").locator("#game-name").wait_for()
        sent: list[Any] = await page.evaluate("window.sent")
        handshake, authorize = sent[0], sent[1]
        assert handshake == [0, {"v": 1, "encoding": "json", "client_id": CLIENT_ID,
                                 "frame_id": "f1"}]
        assert authorize[1]["cmd"] == "AUTHORIZE"
        assert authorize[1]["args"] == {"client_id": CLIENT_ID, "response_type": "code",
                                        "state": "", "prompt": "none", "scope": ["identify"]}
        # the code went to Discord from the server, once
        assert [x["code"] for x in site.discord.exchanges] == [code]
        # the board of the channel's game, for the user Discord named, in their language
        inner = page.frames[1]
        assert inner.url == f"{PROXY}/board/{site.game_id}"
        assert await inner.locator("html").get_attribute("lang") == lang
        cookies = await page.context.cookies(PROXY)
        (cookie,) = [c for c in cookies if c["name"] == f"board_{site.game_id}"]
        assert cookie["sameSite"] == "None" and cookie["secure"] and cookie["httpOnly"]
        # the session is sent back from inside Discord's frame: the board's state answers
        state = await inner.evaluate(
            f"fetch('/board/{site.game_id}/state').then(r => r.status)")
        assert state == 200
    finally:
        await page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_declined_sign_in_says_why(site: Site, browser: Browser, lang: str) -> None:
    page = await discord_client(
        browser, '{cmd: "AUTHORIZE", evt: "ERROR", data: {code: 5000, '
        'message: "User cancelled"}}', lang)
    try:
        await page.goto(CLIENT)
        status = page.frame_locator("#activity").locator("#activity-status")
        await status.filter(has_text=t("web.activity.declined", lang)).wait_for()
        assert site.discord.exchanges == []
        assert await page.context.cookies(PROXY) == []
    finally:
        await page.context.close()
