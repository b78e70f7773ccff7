"""The table page: phones around one table. No rule lives here.

`?create=1&players=4&seats=human,human,human,bot` makes this device the host and the shared screen (it shows
the public board; `human` seats are for phones). `?room=CODE` joins as a guest. The host is the only
authority (pygame_core.engine.host). Messages travel through the relay (docs/relay-protocol.md) until a
WebRTC data channel to that peer opens, then over the channel; `?transport=relay` never opens one.
"""

import asyncio
import json
import random
from functools import partial
from typing import Any

import segno
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_levels, make_bot
from pygame_core.catalog import catalog
from pygame_core.engine import GameError, get_board, get_game
from pygame_core.engine.host import Guest, Host
from pygame_core.engine.link import read_link
from pygame_core.engine.render import Texts, esc, tag, translate
from pygame_core.engine.screen import Screen, log_html
from pygame_core.engine.table import HUMAN, Table

RECONNECT_MS = 1500
root = document.documentElement
board = document.querySelector("#board")
query = window.URLSearchParams.new(window.location.search)
params: dict[str, str] = {k: query.get(k) for k in query.keys()}  # noqa: SIM118  (a JS iterator)
lang = params.get("lang") or ("ja" if str(window.navigator.language).startswith("ja") else "en")
use_webrtc = params.get("transport") != "relay"


def js(value: Any) -> Any:
    """Return a Python dict or list as a plain JS object."""
    return to_js(value, dict_converter=window.Object.fromEntries)


TEXTS: Texts = {
    "en": {
        "table": "Table",
        "bot": "bot ({name})",
        "connected": "phone connected ({transport})",
        "waiting": "waiting for a phone",
        "to_bot": "Bot",
        "to_phone": "New phone",
        "opening": "Opening the table…",
        "create": "Create a table",
        "create_note": "This device becomes the shared screen: it shows the public board; "
        "each player uses a phone.",
        "join": "Join a table",
        "code": "Room code",
        "join_button": "Join",
        "no_saved": "This device has no saved table with that code.",
        "bot_failed": "A bot could not move:",
    },
    "ja": {
        "table": "テーブル",
        "bot": "ボット（{name}）",
        "connected": "スマホ接続中（{transport}）",
        "waiting": "スマホを待っています",
        "to_bot": "ボットに",
        "to_phone": "新しいスマホに",
        "opening": "テーブルを開いています…",
        "create": "テーブルを作る",
        "create_note": "この端末が共有画面になり、公開ボードを表示します。"
        "各プレイヤーは自分のスマホを使います。",
        "join": "テーブルに参加",
        "code": "ルームコード",
        "join_button": "参加",
        "no_saved": "この端末にはそのコードで保存されたテーブルがありません。",
        "bot_failed": "ボットが動けませんでした:",
    },
}


def t(key: str, **fields: object) -> str:
    """Return the page's text for `key` in the page's language, fields escaped."""
    return translate(TEXTS, lang, key, **fields)


def show_error(message: str) -> None:
    """Show a message in the page's alert box."""
    window.TradingTable.showError(message)


def relay_url() -> str:
    """Return the relay's WebSocket URL: `?relay=` or this origin's /relay."""
    scheme = "wss" if window.location.protocol == "https:" else "ws"
    return params.get("relay") or f"{scheme}://{window.location.host}/relay"


def here(query_string: str) -> str:
    """Return this page's absolute URL with another query."""
    return f"{window.location.origin}{window.location.pathname}?{query_string}"


class Relay:
    """The WebSocket to the relay; it reconnects after a drop and calls `on_open` again."""

    def __init__(self, on_open: Any, on_message: Any) -> None:
        self.on_open, self.on_message = on_open, on_message
        self.ws: Any = None
        self.connect()

    def connect(self, *_: object) -> None:
        """Open the socket."""
        ws = window.WebSocket.new(relay_url())
        ws.onopen = create_proxy(lambda _: self.on_open())
        ws.onmessage = create_proxy(lambda e: self.on_message(json.loads(e.data)))
        ws.onclose = create_proxy(lambda _: window.setTimeout(create_proxy(self.connect), RECONNECT_MS))
        self.ws = ws

    def send(self, message: dict[str, Any]) -> None:
        """Send a message if the socket is open (a reconnect re-sends what matters)."""
        if self.ws.readyState == 1:
            self.ws.send(json.dumps(message))


class Link:
    """A WebRTC data channel to one peer; until it opens, messages go through the relay."""

    def __init__(self, relay: Relay, peer: str, on_text: Any, offer: bool, on_change: Any) -> None:
        self.relay, self.peer, self.on_text, self.on_change = relay, peer, on_text, on_change
        self.channel: Any = None
        self.lock = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()
        self.pc = window.RTCPeerConnection.new(js({"iceServers": []}))
        self.pc.onicecandidate = create_proxy(self.on_ice)
        if offer:
            self.attach(self.pc.createDataChannel("game"))
            self.run(self.offer())
        else:
            self.pc.ondatachannel = create_proxy(lambda e: self.attach(e.channel))

    def run(self, work: Any) -> None:
        """Run a coroutine of this link, keeping it alive and reporting its failure on the page."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)

        def done(t: asyncio.Task[None]) -> None:
            self.tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                show_error(f"WebRTC with {self.peer}: {t.exception()}")

        task.add_done_callback(done)

    @property
    def transport(self) -> str:
        """Return `webrtc` once the channel is open, else `relay`."""
        return "webrtc" if self.channel is not None and self.channel.readyState == "open" else "relay"

    def attach(self, channel: Any) -> None:
        """Use a data channel for this peer."""
        channel.onmessage = create_proxy(lambda e: self.on_text(self.peer, e.data))
        channel.onopen = create_proxy(lambda _: self.on_change())
        self.channel = channel

    def signal(self, data: dict[str, Any]) -> None:
        """Send signalling to the peer through the relay."""
        self.relay.send({"type": "signal", "to": self.peer, "data": data})

    async def offer(self) -> None:
        """Make and send the offer."""
        async with self.lock:
            offer = await self.pc.createOffer()
            await self.pc.setLocalDescription(offer)
            self.signal({"sdp": {"type": offer.type, "sdp": offer.sdp}})

    async def on_signal(self, data: dict[str, Any]) -> None:
        """Take the peer's offer, answer or ICE candidate, in order."""
        async with self.lock:
            if "sdp" in data:
                await self.pc.setRemoteDescription(js(data["sdp"]))
                if data["sdp"]["type"] == "offer":
                    answer = await self.pc.createAnswer()
                    await self.pc.setLocalDescription(answer)
                    self.signal({"sdp": {"type": answer.type, "sdp": answer.sdp}})
            elif data.get("candidate"):
                await self.pc.addIceCandidate(js(data["candidate"]))

    def on_ice(self, event: Any) -> None:
        """Send each local ICE candidate."""
        if event.candidate:
            self.signal({"candidate": event.candidate.toJSON().to_py()})

    def send(self, text: str) -> None:
        """Send a game message over the channel, or through the relay while it is not open."""
        if self.transport == "webrtc":
            self.channel.send(text)
        else:
            self.relay.send({"type": "relay", "to": self.peer, "data": text})

    def close(self) -> None:
        """Close the connection."""
        self.pc.close()


class HostPage:
    """This device hosts the table and shows the public board; phones join by code, link or QR code."""

    def __init__(self, session: dict[str, Any] | None) -> None:
        setup = read_link(params, bot_levels(get_game(params.get("game") or "futures")))
        game = get_game(setup.game)
        self.bots = {n: partial(make_bot, game, n) for n in bot_levels(game)}
        if session is not None:
            table = Table.from_json(session["table"], self.bots)
        else:
            table = Table.new(
                setup.game, list(setup.seats), random.randrange(1, 10**9), self.bots, setup.options
            )
        self.screen = Screen(table, get_board(setup.game), lang)
        self.host = Host(table, self.screen.names)
        if session is not None:
            self.host.tokens = {token: int(seat) for token, seat in session["tokens"].items()}
        self.room: str | None = session["room"] if session else None
        self.key: str | None = session["key"] if session else None
        self.pace = setup.pace
        self.links: dict[str, Link] = {}
        self.timer: Any = None
        self.relay = Relay(self.on_open, self.on_message)

    def on_open(self) -> None:
        """Create the room, or take it back after a reload or a dropped socket."""
        self.relay.send(
            {"type": "create", "room": self.room, "key": self.key} if self.room else {"type": "create"}
        )

    def on_message(self, msg: dict[str, Any]) -> None:
        """Handle the relay's messages."""
        kind, peer = msg.get("type"), msg.get("from") or msg.get("peer")
        if kind == "created":
            self.room, self.key = msg["room"], msg["key"]
            window.history.replaceState(None, "", f"?host={self.room}&lang={lang}&pace={self.pace}")
            self.save()
        elif kind == "relay":
            if peer not in self.links:
                self.links[peer] = Link(self.relay, peer, self.incoming, use_webrtc, self.paint)
            self.incoming(peer, msg["data"])
            return
        elif kind == "signal" and peer in self.links:
            self.links[peer].run(self.links[peer].on_signal(msg["data"]))
            return
        elif kind == "peer-left":
            self.host.leave(peer)
            link = self.links.pop(peer, None)
            if link:
                link.close()
        elif kind == "error":
            show_error(f"relay: {msg.get('message')}")
        self.paint()

    def incoming(self, peer: str, text: str) -> None:
        """Give a guest's message to the host and send what it answers."""
        self.send_all(self.host.receive(peer, text))

    def send_all(self, out: list[tuple[str, dict[str, Any]]]) -> None:
        """Send messages to guests, save and repaint."""
        for peer, message in out:
            if peer in self.links:
                self.links[peer].send(json.dumps(message))
        self.save()
        self.paint()

    def save(self) -> None:
        """Keep the room, its key, the game and the seat tokens in the browser, to resume after a reload."""
        if self.room:
            data = {
                "room": self.room,
                "key": self.key,
                "table": self.host.table.to_json(),
                "tokens": self.host.tokens,
            }
            window.TradingTable.store(f"trading-table-host:{self.room}", json.dumps(data))

    def bot_turn(self, *_: object) -> None:
        """Let the bot to act move, then update every guest."""
        self.timer = None
        try:
            self.host.table.bot_move()
            self.send_all(self.host.broadcast())
        except GameError as e:
            show_error(f"{t('bot_failed')} {e}")

    def seats_html(self) -> str:
        """Return the seats: who holds each, over which path, and buttons to hand a seat over."""
        held = {seat: peer for peer, seat in self.host.peers.items()}
        rows = []
        for seat, kind in enumerate(self.host.table.seats):
            name = esc(self.screen.names[seat])
            if not kind.is_human:
                status, buttons = t("bot", name=kind.kind), ""
            else:
                peer = held.get(seat)
                transport = self.links[peer].transport if peer in self.links else ""
                status = t("connected", transport=transport) if peer else t("waiting")
                buttons = tag(
                    "button", t("to_bot"), type="button", data_seat_bot=seat, class_="tt-act"
                ) + tag("button", t("to_phone"), type="button", data_seat_free=seat, class_="tt-act")
            rows.append(
                tag(
                    "li",
                    f"{name}: {status} {buttons}",
                    data_seat=seat,
                    data_transport=(
                        self.links[held[seat]].transport if held.get(seat) in self.links else None
                    ),
                )
            )
        return tag("ul", "".join(rows), class_="tt-seat-list")

    def paint(self) -> None:
        """Draw the room code, join link, QR code, seats and the public board."""
        if not self.room:
            board.innerHTML = tag("p", t("opening"), class_="tt-prompt")
            return
        link = here(f"room={self.room}")
        qr = segno.make(link, error="m").svg_inline(scale=4, dark="#111", light="#fff")
        table, game = self.host.table, self.host.table.game
        public = get_board(game.id).render(
            game.view(table.state, None), [], lang=lang, names=self.screen.names
        )
        board.innerHTML = (
            tag(
                "section",
                tag(
                    "h2",
                    t("table") + " " + tag("span", esc(self.room), class_="tt-room", data_room=self.room),
                )
                + tag("p", tag("a", esc(link), href=link, data_join=link))
                + tag("div", qr, class_="tt-qr")
                + self.seats_html(),
                class_="tt-lobby",
            )
            + public
            + log_html(get_board(game.id), table.log, lang, self.screen.names)
        )
        root.dataset.ready = "1"
        if table.over:
            root.dataset.gameOver = "1"
        if table.bot_to_act() is not None and self.timer is None:
            self.timer = window.setTimeout(create_proxy(self.bot_turn), self.pace)

    def on_click(self, event: Any) -> None:
        """Hand a seat to a bot or free it for a new phone."""
        target = event.target.closest("[data-seat-bot],[data-seat-free]")
        if target is None:
            return
        try:
            if target.hasAttribute("data-seat-bot"):
                out = self.host.release(
                    int(target.getAttribute("data-seat-bot")), bot_levels(self.host.table.game)[1]
                )
            else:
                out = self.host.release(int(target.getAttribute("data-seat-free")), HUMAN)
            self.send_all(out)
        except GameError as e:
            show_error(str(e))


class GuestPage:
    """A phone at the table: its own seat's board, through the host."""

    def __init__(self, room: str) -> None:
        window.ttReceived = window.Array.new()
        self.room = room
        self.guest = Guest(lang, window.TradingTable.load(f"trading-table-seat:{room}") or None)
        self.host_peer: str | None = None
        self.link: Link | None = None
        self.relay = Relay(self.on_open, self.on_message)

    def on_open(self) -> None:
        """Join the room (again, after a dropped socket)."""
        self.relay.send({"type": "join", "room": self.room})

    def to_host(self, text: str) -> None:
        """Send a message to the host over the channel or the relay."""
        if self.link is not None:
            self.link.send(text)
        elif self.host_peer:
            self.relay.send({"type": "relay", "to": self.host_peer, "data": text})

    def on_message(self, msg: dict[str, Any]) -> None:
        """Handle the relay's messages."""
        kind = msg.get("type")
        if kind in ("joined", "host-back"):
            self.host_peer = msg["host"]
            if self.link is not None:
                self.link.close()
                self.link = None
            self.to_host(self.guest.hello())
        elif kind == "signal" and msg.get("from") == self.host_peer and use_webrtc:
            if self.link is None:
                self.link = Link(self.relay, self.host_peer, self.incoming, False, self.paint)
            self.link.run(self.link.on_signal(msg["data"]))
        elif kind == "relay" and msg.get("from") == self.host_peer:
            self.incoming(self.host_peer, msg["data"])
        elif kind == "error":
            show_error(f"relay: {msg.get('message')}")

    def incoming(self, _: str, text: str) -> None:
        """Take the host's message (kept in `ttReceived` for tests), keep the seat token, repaint."""
        window.ttReceived.push(text)
        self.guest.receive(text)
        if self.guest.token:
            window.TradingTable.store(f"trading-table-seat:{self.room}", self.guest.token)
        self.paint()

    def paint(self) -> None:
        """Draw this seat's board."""
        board.innerHTML = self.guest.html()
        board.dataset.transport = self.link.transport if self.link else "relay"
        if self.guest.state is not None:
            root.dataset.ready = "1"
            if self.guest.state["view"].get("result") is not None:
                root.dataset.gameOver = "1"

    def on_click(self, event: Any) -> None:
        """Send an action to the host, or change the selected cards."""
        target = event.target.closest("[data-action],[data-select]")
        if target is None:
            return
        if target.hasAttribute("data-action"):
            text = self.guest.click("action", target.getAttribute("data-action"))
            if text:
                self.to_host(text)
        else:
            pressed = target.getAttribute("aria-pressed") == "true"
            self.guest.click("deselect" if pressed else "select", target.getAttribute("data-select"))
            self.paint()


def start_form() -> str:
    """Return the forms that create a table of any game, and the one that joins a table by code."""
    return tag(
        "section",
        tag("h1", t("create"))
        + tag("p", t("create_note"))
        + catalog("../", table=True, lang=lang)
        + tag("h2", t("join"))
        + tag(
            "form",
            tag("input", name_="room", aria_label=t("code"), autocomplete="off", required="required")
            + tag("input", type="hidden", name_="lang", value=lang)
            + tag("button", t("join_button"), type="submit", class_="tt-act"),
        ),
        class_="tt-lobby",
    )


def main() -> None:
    """Start as host, guest or the start form, by the link."""
    page: Any = None
    if params.get("create") == "1":
        page = HostPage(None)
    elif params.get("host"):
        saved = window.TradingTable.load(f"trading-table-host:{params['host']}")
        if saved:
            page = HostPage(json.loads(saved))
        else:
            show_error(t("no_saved"))
    elif params.get("room"):
        page = GuestPage(params["room"].strip().upper())
    if page is None:
        board.innerHTML = start_form()
        root.dataset.ready = "1"
        return
    document.addEventListener("click", create_proxy(page.on_click))
    page.paint()


try:
    main()
except GameError as e:
    show_error(str(e))
