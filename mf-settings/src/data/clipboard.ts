/**
 * Copies `input`'s text: the Clipboard API where the page may use it, else the older copy command on the
 * selected text. False when neither worked; the text is left selected then, for the person to copy.
 */
export async function copyFrom(input: HTMLInputElement) {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(input.value);
      return true;
    }
  } catch {
    // Refused (no permission, an insecure origin): try the older way.
  }
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
