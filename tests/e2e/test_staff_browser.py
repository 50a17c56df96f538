"""Event staff in real browsers: the owner adds an assistant on the desk; the assistant, on
a phone in a browser of their own, enters a result and is refused the pairing; the owner
sees the result in the audit log under the assistant's name. SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_playwright.pytest_playwright import CreateContextCallback

from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


def test_an_owner_adds_an_assistant_who_enters_a_result_and_cannot_pair(
    page: Page, new_context: CreateContextCallback, server: LiveServer, screenshots: Screenshots
) -> None:
    # The assistant has an account of their own, on their phone.
    phone = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    assistant = DirectorAtDesk(phone, server, screenshots)
    assistant.sign_up("carla", "carla's passphrase")

    owner = DirectorAtDesk(page, server, screenshots)
    owner.sign_up("olga", "olga's passphrase")
    owner.create_event("Saturday rapid", "dutch", rounds=5)
    for name, rating in (("Ann", 1800), ("Ben", 1700), ("Cy", 1600), ("Di", 1500)):
        owner.add_player(name, rating)
    owner.pair(1)

    # The owner adds carla as an assistant from the event's page.
    page.goto(owner.desk_url)
    staff = owner.form("/staff")
    staff.locator('[name="username"]').fill("carla")
    staff.locator('[name="role"]').select_option("assistant")
    screenshots.shoot(page, "owner-adds-an-assistant")
    owner.submit(staff)
    expect(page.locator("#staff")).to_contain_text("carla")
    expect(page.locator("#staff")).to_contain_text("assistant")

    # On the phone: the event is listed with the role; its page offers the round's results.
    phone.goto(assistant.url("/desk"))
    expect(phone.locator("#my-events")).to_contain_text("Saturday rapid")
    expect(phone.locator("#my-events")).to_contain_text("assistant")
    phone.get_by_role("link", name="Saturday rapid").click()
    assistant.event_id = owner.event_id
    expect(phone.get_by_role("button", name=re.compile("Pair round"))).to_have_count(0)
    screenshots.shoot(phone, "assistant-event-page")
    phone.get_by_role("link", name="Results of round 1").click()
    box = phone.locator("input.result").first
    box.fill("1-0")
    screenshots.shoot(phone, "assistant-types-a-result")
    phone.get_by_role("button", name="Save results", exact=True).click()
    expect(phone.get_by_role("status")).to_contain_text("Round 1: 1 result saved.")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the assistant's page scrolls sideways ({width}px)"

    # Pairing the next round is not theirs: refused as for an event that does not exist.
    token = phone.locator('input[name="csrf_token"]').first.get_attribute("value")
    answer = phone.request.post(
        assistant.url(f"/desk/events/{owner.event_id}/pair"),
        form={"csrf_token": token or ""},
        max_redirects=0,
    )
    assert answer.status == 404
    phone.goto(assistant.url(f"/desk/events/{owner.event_id}/log"))
    expect(phone.get_by_text("Saturday rapid")).to_have_count(0)

    # The owner's log names the assistant for the result.
    page.goto(owner.url(f"/desk/events/{owner.event_id}/log"))
    row = page.locator("table tbody tr").filter(has_text="board 1 1-0")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("carla")
    expect(
        page.locator("table tbody tr").filter(has_text="carla is now assistant")
    ).to_contain_text("olga")
    screenshots.shoot(page, "owner-sees-the-assistant-in-the-log")
    store = server.open_store()
    try:
        assert len(store.load(owner.event_id).tournament.rounds) == 1
        assert store.log(owner.event_id)[-1].actor == "carla"
    finally:
        store.close()
