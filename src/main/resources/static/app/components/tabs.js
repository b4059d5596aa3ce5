// Tabs (the ARIA tabs pattern): a tablist of buttons, one panel shown at a time; arrow keys, Home and End move
// between the tabs, and the chosen one is selected (automatic activation).
import { h } from '../dom.js';

let made = 0;

/** tabs([[label, { element }], ...]): the first tab is selected. */
export function tabs(entries) {
  const key = `tabs-${++made}`;
  const buttons = [];
  const panels = [];
  const select = (index, focus) => {
    buttons.forEach((button, i) => {
      button.setAttribute('aria-selected', String(i === index));
      button.tabIndex = i === index ? 0 : -1;
      panels[i].hidden = i !== index;
    });
    if (focus) buttons[index].focus();
  };
  entries.forEach(([label, list], i) => {
    const tabId = `${key}-tab-${i}`;
    const panelId = `${key}-panel-${i}`;
    buttons.push(h('button', { type: 'button', role: 'tab', id: tabId, 'aria-controls': panelId, class: 'tab',
      onclick: () => select(i, false) }, label));
    panels.push(h('div', { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId }, list.element));
  });
  const tablist = h('div', { role: 'tablist', class: 'tabs' }, ...buttons);
  tablist.addEventListener('keydown', (event) => {
    const at = buttons.indexOf(document.activeElement);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (at < 0 || to === undefined) return;
    event.preventDefault();
    select((to + buttons.length) % buttons.length, true);
  });
  select(0, false);
  return h('div', {}, tablist, ...panels);
}
