"""The player's own page and the director's check-in page over the web: a code opens one
player's page and nothing else, codes stay off public pages, attempts are throttled, every
form needs the CSRF token, and a check-in or drop is logged as made by the player."""

from __future__ import annotations

import re

from fastapi import FastAPI

from fairpair.service import accounts
from fairpair.service import events as ev
from fairpair.service import players as pl
from tests.web.desk_client import Browser, browser, service_desk
from tests.web.test_desk import create, register

NAMES = [("Ann", "2300"), ("Bob", "2200"), ("Cy", "2100"), ("Dee", "2000")]


def codes_for(app: FastAPI, anna: Browser) -> tuple[int, dict[str, str]]:
    """An event of four players with check-in open and codes given from the check-in page."""
    event_id = create(anna)
    register(anna, event_id, NAMES)
    anna.get(f"/desk/events/{event_id}/checkin")
    assert anna.submit(f"/desk/events/{event_id}/checkin/codes").status_code == 303
    anna.get(f"/desk/events/{event_id}/checkin")
    assert anna.submit(f"/desk/events/{event_id}/checkin/open").status_code == 303
    page = anna.get(f"/desk/events/{event_id}/checkin").text
    shown = dict(re.findall(r"<td>(\w+)</td>\s*<td>.*?</td>\s*<td><code>(\w+)</code>", page, re.S))
    assert sorted(shown) == ["Ann", "Bob", "Cy", "Dee"]
    return event_id, shown


def test_a_code_opens_its_players_page_and_acts_for_that_player_only(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, codes = codes_for(app, anna)
    bob = browser(app)
    link = bob.get(f"/events/{event_id}/me?code={codes['Bob'].lower()}", follow_redirects=False)
    assert link.status_code == 303 and link.headers["location"] == f"/events/{event_id}/me"
    page = bob.get(f"/events/{event_id}/me")
    assert '<h1 id="me-name">Bob</h1>' in page.text
    assert page.headers["cache-control"] == "no-store"
    assert bob.submit(f"/events/{event_id}/me/checkin").status_code == 303
    # the form is for Bob: no field names a player, so the code cannot act for another
    bob.get(f"/events/{event_id}/me")
    assert bob.post(f"/events/{event_id}/me/drop", {"round": "1", "player": "1"}).status_code == 303
    d = service_desk(app)
    log = ev.history(d, event_id)
    assert [(r.action, r.actor) for r in log[-2:]] == [
        ("player.checked.in", "player 2 Bob (self)"),
        ("player.withdrawn", "player 2 Bob (self)"),
    ]
    assert ev.load(d, event_id).tournament.withdrawals == ((2, 1),)
    desk_page = anna.get(f"/desk/events/{event_id}/checkin").text
    assert "withdrawn from round 1 (by the player)" in desk_page

    # A stranger: no cookie, no acting; the form without a token is refused.
    eve = browser(app)
    assert eve.post(f"/events/{event_id}/me/checkin", token="").status_code == 403
    eve.get(f"/events/{event_id}/me")
    assert eve.post(f"/events/{event_id}/me/checkin").status_code == 403
    # Bob's cookie opens nothing in another event.
    other = create(anna, name="Other")
    register(anna, other, NAMES)
    pl.issue_codes(d, other)
    assert "me-name" not in bob.get(f"/events/{other}/me").text


def test_a_wrong_code_says_nothing_and_attempts_are_throttled(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    app.state.sign_in_limits = accounts.Limits(per_address=3)
    event_id, codes = codes_for(app, anna)
    eve = browser(app)
    eve.get(f"/events/{event_id}/me")
    near = codes["Ann"][:-1] + ("2" if codes["Ann"][-1] != "2" else "3")  # one letter off
    for wrong in ("2345", near):
        page = eve.post(f"/events/{event_id}/me", {"code": wrong})
        assert page.status_code == 422
        assert "That code opens nothing in this event" in page.text
        # The page's words, not its attributes: a random token may hold "Cy".
        words = re.sub(r"<[^>]*>", " ", page.text)
        assert not [name for name, _ in NAMES if re.search(rf"\b{name}\b", words)]
    eve.post(f"/events/{event_id}/me", {"code": "ZZZZ"})
    page = eve.post(f"/events/{event_id}/me", {"code": codes["Ann"]})
    assert page.status_code == 429 and "retry-after" in page.headers
    assert "Too many wrong codes from here lately" in page.text


def test_a_new_code_ends_the_old_session_and_codes_stay_off_public_pages(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, codes = codes_for(app, anna)
    cy = browser(app)
    cy.get(f"/events/{event_id}/me?code={codes['Cy']}")
    assert "me-name" in cy.get(f"/events/{event_id}/me").text
    anna.get(f"/desk/events/{event_id}/checkin")
    assert anna.submit(f"/desk/events/{event_id}/checkin/codes", {"player": "3"}).status_code == 303
    assert "me-name" not in cy.get(f"/events/{event_id}/me").text
    new = pl.door(service_desk(app), ev.load(service_desk(app), event_id)).codes
    public = browser(app)
    pages = [f"/events/{event_id}", f"/events/{event_id}/standings", f"/api/events/{event_id}"]
    pages += [f"/events/{event_id}/players/{n}" for n in range(1, 5)]
    for path in pages:
        text = public.get(path).text
        assert not [c for c in (*codes.values(), *new.values()) if c in text], path


def test_the_director_checks_players_in_and_makes_the_missing_absent(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, _ = codes_for(app, anna)
    anna.get(f"/desk/events/{event_id}/checkin")
    assert anna.submit(f"/desk/events/{event_id}/checkin/players/1").status_code == 303
    assert "checked in" in anna.get(f"/desk/events/{event_id}/checkin").text
    page = anna.get(f"/desk/events/{event_id}/checkin").text
    assert re.search(r"Not checked in \(3\)", page)
    desk = anna.get(f"/desk/events/{event_id}").text
    assert "Not checked in for round 1: 2 Bob, 3 Cy, 4 Dee." in desk
    assert "1 Ann" not in desk.split('id="not-checked-in"')[1].split("</p>")[0]
    anna.get(f"/desk/events/{event_id}/checkin")
    assert (
        anna.submit(f"/desk/events/{event_id}/checkin/missing", {"how": "absent"}).status_code
        == 303
    )
    t = ev.load(service_desk(app), event_id).tournament
    assert sorted(b.player for b in t.requested_byes) == [2, 3, 4]
    page = anna.post(f"/desk/events/{event_id}/checkin/missing", {"how": "gone"})
    assert page.status_code == 422 and "how: choose absent or withdrawn" in page.text


def test_the_desk_prints_the_code_slips_with_links_to_this_site(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, codes = codes_for(app, anna)
    page = anna.get(f"/desk/events/{event_id}/print/player-codes")
    assert page.status_code == 200
    for code in codes.values():
        assert f"http://testserver/events/{event_id}/me?code={code}" in page.text
    stranger = browser(app).get(
        f"/desk/events/{event_id}/print/player-codes", follow_redirects=False
    )
    assert stranger.status_code == 303 and not [c for c in codes.values() if c in stranger.text]


def test_the_page_shows_the_board_now_and_a_stale_drop_is_refused(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, codes = codes_for(app, anna)
    dee = browser(app)
    dee.get(f"/events/{event_id}/me?code={codes['Dee']}")
    dee.get(f"/events/{event_id}/me")  # the page offers to drop from round 1
    event, _ = ev.pair_round(service_desk(app), event_id)
    t = event.tournament
    (board,) = [n for n, g in enumerate(t.rounds[0].games, 1) if 4 in (g.white, g.black)]
    game = t.rounds[0].games[board - 1]
    opponent = t.player(game.black if game.white == 4 else game.white).name
    colour = "white" if game.white == 4 else "black"
    page = dee.post(f"/events/{event_id}/me/drop", {"round": "1"})
    assert page.status_code == 409 and "round 1 is already paired" in page.text
    assert ev.load(service_desk(app), event_id).tournament.withdrawals == ()
    now = dee.get(f"/events/{event_id}/me").text
    assert re.search(
        rf"board {board}</strong> against <strong>{opponent}</strong>, you play <strong>{colour}",
        now,
    ), now


def test_both_players_report_from_their_phones_and_a_disagreement_shows_on_the_desk(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, codes = codes_for(app, anna)
    event, _ = ev.pair_round(service_desk(app), event_id)
    anna.get(f"/desk/events/{event_id}/checkin")
    assert (
        anna.submit(f"/desk/events/{event_id}/checkin/reporting", {"on": "yes"}).status_code == 303
    )
    phones = {}
    for name, code in codes.items():
        phones[name] = browser(app)
        phones[name].get(f"/events/{event_id}/me?code={code}")
        assert 'id="report"' in phones[name].get(f"/events/{event_id}/me").text
    t = event.tournament
    one, two = (t.rounds[0].games[i] for i in (0, 1))
    white1, black1 = t.player(one.white).name, t.player(one.black).name
    white2, black2 = t.player(two.white).name, t.player(two.black).name
    # Board 1: both say White won; board 2: they disagree.
    assert (
        phones[white1].submit(f"/events/{event_id}/me/report", {"result": "1-0"}).status_code == 303
    )
    page = phones[black1].get(f"/events/{event_id}/me")
    assert "reported" not in page.text.split('id="report"')[1].split("</form>")[0]  # not his report
    assert (
        phones[black1].submit(f"/events/{event_id}/me/report", {"result": "1-0"}).status_code == 303
    )
    assert "Both players agree" in phones[black1].get(f"/events/{event_id}/me").text
    phones[white2].submit(f"/events/{event_id}/me/report", {"result": "1-0"})
    phones[black2].get(f"/events/{event_id}/me")
    phones[black2].submit(f"/events/{event_id}/me/report", {"result": "½-½"})
    stored = ev.load(service_desk(app), event_id).tournament.rounds[0]
    assert stored.games[0].result is not None and stored.games[1].result is None
    desk = anna.get(f"/desk/events/{event_id}").text
    flagged = desk.split('id="reported-boards"')[1].split("</div>")[0]
    assert f"board 2, {white2} – {black2}: <strong>they disagree</strong>" in flagged
    assert f"{white2} reports 1-0; {black2} reports ½-½" in flagged
    # A player cannot report on a board that is not theirs.
    page = phones[white1].post(f"/events/{event_id}/me/report", {"board": "2", "result": "0-1"})
    assert page.status_code == 409 and "you do not play on board 2" in page.text
