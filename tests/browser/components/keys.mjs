// Key presses as a keyboard user makes them, for the component and the real-harness tests.

/** Press keys in turn on `page`; "Shift+Tab" or "Control+Enter" holds the modifier for the one key. */
export async function press(page, ...keys) {
  for (const k of keys) {
    const [mod, key] = k.includes('+') ? k.split('+') : [null, k]
    if (mod) await page.keyboard.down(mod)
    await page.keyboard.press(key)
    if (mod) await page.keyboard.up(mod)
  }
}
