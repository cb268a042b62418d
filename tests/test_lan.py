"""serve --lan: the addresses phones can reach, found without the internet, and /lan
showing each with a QR code (issue 26, "What the walk found besides")."""

import ipaddress
import re
import socket
from types import SimpleNamespace

import segno

from td_assist import network
from td_assist.cli import main
from td_assist.web import create_app
from td_assist.web import server as web_server

PHONE = {"REMOTE_ADDR": "192.168.1.23"}


def make_app(tmp_path, **config):
    settings = {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "k"}
    return create_app({**settings, **config})


def test_every_address_found_is_kept_once_and_loopback_never():
    finders = [
        lambda: ["127.0.1.1", "192.168.1.5"],
        lambda: ["10.0.0.7", "192.168.1.5", "0.0.0.0", "not an address"],
        lambda: ["::1"],
    ]
    assert network.lan_addresses(finders) == ["192.168.1.5", "10.0.0.7"]


def test_a_finder_that_fails_does_not_hide_the_others():
    def broken():
        raise OSError("no such interface")

    assert network.lan_addresses([broken, lambda: ["172.16.0.4"]]) == ["172.16.0.4"]


def test_this_machines_addresses_are_found_without_sending_a_packet(monkeypatch):
    sent = []
    real = socket.socket

    class Recording(real):
        def send(self, *args, **kwargs):
            sent.append(args)
            return super().send(*args, **kwargs)

        def sendto(self, *args, **kwargs):
            sent.append(args)
            return super().sendto(*args, **kwargs)

        def connect(self, address):
            # Only a UDP "connect" (which picks a route, sends nothing) to a private range.
            assert self.type == socket.SOCK_DGRAM, self.type
            assert ipaddress.ip_address(address[0]).is_private, address
            return super().connect(address)

    monkeypatch.setattr(socket, "socket", Recording)
    found = network.lan_addresses()
    assert not sent
    for address in found:
        ip = ipaddress.IPv4Address(address)
        assert not ip.is_loopback and not ip.is_unspecified
    assert len(found) == len(set(found))


def test_lan_alone_listens_everywhere_and_host_is_honoured_with_it(monkeypatch):
    monkeypatch.setattr(network, "lan_addresses", lambda *a: ["192.168.1.5", "10.0.0.7"])
    assert network.serve_addresses("", lan=True) == ("0.0.0.0", ["192.168.1.5", "10.0.0.7"])
    assert network.serve_addresses("192.168.1.5", lan=True) == ("192.168.1.5", ["192.168.1.5"])
    assert network.serve_addresses("", lan=False) == ("127.0.0.1", [])


def run_serve(monkeypatch, capsys, *args):
    served = {}
    monkeypatch.setattr(network, "lan_addresses", lambda *a: ["192.168.1.5", "10.0.0.7"])
    monkeypatch.setattr(
        web_server, "serve", lambda app, host, port: served.update(app=app, host=host, port=port)
    )
    assert main(["serve", *args]) == 0
    return served, capsys.readouterr().out


def test_serve_lan_prints_every_address_a_phone_can_type(monkeypatch, capsys):
    served, out = run_serve(monkeypatch, capsys, "--lan", "--port", "5077")
    assert served["host"] == "0.0.0.0" and served["port"] == 5077
    assert "http://192.168.1.5:5077/" in out and "http://10.0.0.7:5077/" in out
    assert "http://127.0.0.1:5077/lan" in out
    assert served["app"].config["LAN_ADDRESSES"] == ["192.168.1.5", "10.0.0.7"]


def test_serve_lan_with_host_binds_that_address_and_shows_only_it(monkeypatch, capsys):
    served, out = run_serve(monkeypatch, capsys, "--lan", "--host", "10.0.0.7")
    assert served["host"] == "10.0.0.7"
    assert "http://10.0.0.7:5000/" in out and "192.168.1.5" not in out
    assert served["app"].config["LAN_PIN"]


def test_a_server_on_one_lan_address_also_answers_the_laptop_on_loopback(monkeypatch):
    made = {}
    monkeypatch.setattr(
        web_server, "create_server", lambda app, **kw: made.update(kw) or SimpleNamespace(map={})
    )
    web_server.make_server(object(), "10.0.0.7", 5000)
    assert made["listen"] == "127.0.0.1:5000 10.0.0.7:5000" and "host" not in made
    web_server.make_server(object(), "0.0.0.0", 5000)
    assert made["host"] == "0.0.0.0"


def test_the_lan_page_shows_a_qr_code_for_each_address(tmp_path):
    app = make_app(
        tmp_path, LAN_PIN="4321", LAN_ADDRESSES=["192.168.1.5", "10.0.0.7"], LAN_PORT=5000
    )
    page = app.test_client().get("/lan").get_data(as_text=True)
    items = re.findall(r"<li data-lan-address>(.*?)</li>", page, re.S)
    assert len(items) == 2
    for item, address in zip(items, ["192.168.1.5", "10.0.0.7"]):
        url = f"http://{address}:5000/"
        assert url in item and item.count("<svg") == 1
        # The code drawn is the code of that address (the same modules as segno's own).
        expected = segno.make(url, error="m").svg_inline(scale=5, light="#fff")
        drawn_path = re.search(r' d="([^"]+)"', item).group(1)
        assert drawn_path == re.search(r' d="([^"]+)"', expected).group(1)
    assert "cdn" not in page.lower() and '<script src="http' not in page


def test_the_laptops_pages_link_to_lan_and_a_phones_do_not(tmp_path):
    client = make_app(tmp_path).test_client()
    for path in ("/", "/laws/", "/cases/"):
        assert 'href="/lan"' in client.get(path).get_data(as_text=True), path
    from_phone = client.get("/", environ_base=PHONE).get_data(as_text=True)
    assert 'href="/lan"' not in from_phone
