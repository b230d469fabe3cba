// Puts text on the clipboard from a click: the Clipboard API where the page may use it (a
// secure context), else the older copy command on a selected, off-screen text box.

/** Copies `text`; resolves to whether it is on the clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // refused (no permission, not focused): try the copy command
  }
  const box = document.createElement('textarea')
  box.value = text
  box.setAttribute('readonly', '')
  box.style.cssText = 'position:fixed;left:-9999px'
  document.body.appendChild(box)
  box.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    box.remove()
  }
}
