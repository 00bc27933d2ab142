import type { Locator, Page } from 'playwright-core';

/** The Turnstile widget's iframe as Cloudflare (and the replica) embed it. */
const WIDGET = 'iframe[src*="challenge-platform"], iframe[title*="Cloudflare" i]';
/** The checkbox inside the widget's frame, once its "Verifying…" is over. */
const CHECKBOX = 'input[type="checkbox"], [role="checkbox"]';
/** Where the checkbox sits when the frame does not show it (a closed shadow root): this far in. */
const CHECKBOX_X = 30;
/** A widget whose checkbox cannot be found is clicked where it sits after this long. */
const BLIND_AFTER_MS = 6000;
/** A click that leaves the widget unsolved this long is made again, up to MAX_CLICKS a widget. */
const RECLICK_AFTER_MS = 3000;
const MAX_CLICKS = 4;

/**
 * Clicks the Turnstile checkbox as a person does, called on every look at the challenge page: it
 * waits for the checkbox inside the widget's frame to be visible and enabled (Cloudflare's widget
 * says "Verifying…" first, and a click then is lost), moves the pointer to it in steps, rests, and
 * presses and releases (trusted events; a scripted click() is refused); when the widget stays
 * unsolved and offers its checkbox again, it clicks again. A widget after a reload (a new address)
 * starts over.
 */
export class TurnstileClicker {
  #firstSeen = new Map<string, number>();
  #clicks = new Map<string, { count: number; at: number }>();

  constructor(
    private readonly page: Page,
    private readonly random = Math.random,
    private readonly now = Date.now,
  ) {}

  /** Clicks made so far, every widget together. */
  get clicks(): number {
    let total = 0;
    for (const { count } of this.#clicks.values()) total += count;
    return total;
  }

  /** One look: clicks when a checkbox is ready for it; true when it clicked. */
  async step(): Promise<boolean> {
    const widget = this.page.locator(WIDGET).first();
    if ((await widget.count()) === 0) return false;
    const src = (await widget.getAttribute('src')) ?? 'widget';
    const seen = this.#firstSeen.get(src) ?? this.now();
    this.#firstSeen.set(src, seen);
    const last = this.#clicks.get(src);
    if (last && (last.count >= MAX_CLICKS || this.now() - last.at < RECLICK_AFTER_MS)) return false;
    const target = await this.#target(widget, seen);
    if (!target) return false;
    await this.#click(target);
    this.#clicks.set(src, { count: (last?.count ?? 0) + 1, at: this.now() });
    return true;
  }

  /** Where to click: the ready checkbox's centre; null while there is none to click yet. */
  async #target(widget: Locator, seen: number): Promise<{ x: number; y: number } | null> {
    const box = await widget.boundingBox();
    if (!box || box.width < CHECKBOX_X || box.height < 10) return null;
    // Through a frame locator: no element handle is left behind per look.
    const checkbox = widget.contentFrame().locator(CHECKBOX).first();
    if ((await checkbox.count()) > 0) {
      const ready =
        (await checkbox.isVisible()) &&
        (await checkbox.isEnabled()) &&
        !(await checkbox.isChecked().catch(() => false));
      const spot = ready ? await checkbox.boundingBox() : null;
      return spot ? { x: spot.x + spot.width / 2, y: spot.y + spot.height / 2 } : null;
    }
    // A checkbox out of sight (a closed shadow root): where it sits, once it has had time to show.
    if (this.now() - seen < BLIND_AFTER_MS) return null;
    return { x: box.x + CHECKBOX_X, y: box.y + box.height / 2 };
  }

  async #click(target: { x: number; y: number }): Promise<void> {
    const { page, random } = this;
    const x = target.x + random() * 4 - 2;
    const y = target.y + random() * 4 - 2;
    await page.mouse.move(x - 120 - random() * 60, y + 40 + random() * 30);
    await page.mouse.move(x, y, { steps: 12 + Math.floor(random() * 8) });
    await page.waitForTimeout(150 + random() * 200);
    await page.mouse.click(x, y, { delay: 60 + random() * 60 });
  }
}
