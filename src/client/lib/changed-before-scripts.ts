/**
 * The names of a form's controls that the visitor changed before the app took the page. React
 * adopts such a control as the browser holds it, and sends no change for it, while the state it
 * renders from (and the page's address) still says what the server drew; it keeps that in the
 * control's default (`defaultChecked`, `defaultValue`, `defaultSelected`) when it hydrates.
 * Read once, as the app takes over a page the server drew: afterwards, and in a form the browser
 * drew, the defaults are not the server's.
 */
export function changedBeforeScripts(form: HTMLFormElement): Set<string> {
  const names = new Set<string>();
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.name) {
      const changed =
        element.type === 'checkbox' || element.type === 'radio'
          ? element.checked !== element.defaultChecked
          : element.value !== element.defaultValue;
      if (changed) names.add(element.name);
    } else if (element instanceof HTMLSelectElement && element.name) {
      if (Array.from(element.options).some((option) => option.selected !== option.defaultSelected))
        names.add(element.name);
    }
  }
  return names;
}

/**
 * `base` with the form's values for `names` in place of its own: what sending the form would ask
 * for where the visitor changed it, and what the page already shows everywhere else.
 */
export function withFormValues(
  base: URLSearchParams,
  form: HTMLFormElement,
  names: ReadonlySet<string>,
): URLSearchParams {
  const sent = new FormData(form);
  const next = new URLSearchParams(base);
  for (const name of names) {
    next.delete(name);
    for (const value of sent.getAll(name)) {
      if (typeof value === 'string' && value !== '') next.append(name, value);
    }
  }
  return next;
}
