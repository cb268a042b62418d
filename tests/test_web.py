import pytest

from td_assist.web import create_app


@pytest.fixture
def client():
    return create_app({"TESTING": True}).test_client()


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json()["status"] == "ok"


def test_home_has_search_first_and_security_headers(client):
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.index('name="q"') < html.index("Rule on")
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert "http://" not in html and "https://" not in html  # nothing external


def test_unknown_page_is_a_friendly_404(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404 and "Page not found" in response.get_data(as_text=True)


def test_static_path_traversal_is_refused(client):
    assert client.get("/static/../pyproject.toml").status_code == 404
    assert client.get("/static/css/app.css").status_code == 200
