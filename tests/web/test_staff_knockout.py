"""An assistant at a knockout stage: the matches being played are their round; they record
their games on the bracket page and through the API, and a decided match (a correction) is
the directors'."""

from __future__ import annotations

from fairpair.service import directors
from fairpair.service import events as ev
from tests.web.desk_client import add_director, browser, service_desk
from tests.web.test_knockout_desk import Site, cut_form, load, match_form, played_swiss


def test_an_assistant_records_the_games_of_matches_being_played_only(site: Site) -> None:
    app, anna = site
    event_id = played_swiss(app)
    assert cut_form(anna, event_id).status_code == 303  # a best-of-3 top 8
    password = add_director(app, "carla")
    directors.set_staff(service_desk(app, "anna"), event_id, "carla", "assistant")
    carla = browser(app)
    carla.sign_in("carla", password)
    page = carla.get(f"/desk/events/{event_id}").text
    assert f"/desk/events/{event_id}/bracket" in page and "/rounds/" not in page
    bracket = carla.get(f"/desk/events/{event_id}/bracket").text
    assert "Undo" not in bracket and "/print/" not in bracket
    assert 'id="match-1-form"' in bracket
    # Match 1, game by game, until it is decided: each change by carla.
    for _ in range(2):
        assert match_form(carla, event_id, 1, ["1-0"] * (_ + 1)).status_code == 303
    log = app.state.store.log(event_id)
    assert [(r.actor, r.action) for r in log[-2:]] == [("carla", "knockout.games")] * 2
    state = load(app, event_id)
    # Now a correction of match 1 is refused, on the page and through the API.
    bracket = carla.get(f"/desk/events/{event_id}/bracket").text
    assert 'id="match-1-form"' not in bracket  # no "Decided" section for an assistant
    answer = carla.post(
        f"/desk/events/{event_id}/bracket/matches/1",
        {"m1g1": "0-1", "m1g2": "0-1", "version": str(state.version)},
    )
    assert answer.status_code == 403 and "matches being played" in answer.text
    answer = carla.client.post(
        f"/api/events/{event_id}/matches/1",
        json={"games": [{"result": "0-1"}, {"result": "0-1"}]},
        auth=("carla", password),
    )
    assert answer.status_code == 400 and "correct match 1" in answer.text
    assert load(app, event_id).version == state.version
    # Match 2 is still being played: the API takes its first game.
    answer = carla.client.post(
        f"/api/events/{event_id}/matches/2",
        json={"games": [{"result": "1-0"}]},
        auth=("carla", password),
    )
    assert answer.status_code == 200, answer.text
    assert app.state.store.log(event_id)[-1].actor == "carla"
    # The owner still corrects a decided match.
    assert match_form(anna, event_id, 1, ["0-1", "0-1"]).status_code == 303
    assert ev.load(service_desk(app), event_id).version == state.version + 2
