import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { COOKIES_ALL, STORAGE_KEYS } from '@nomadas/shared';
import { shellStore } from '../../app/shellStore';
import { browserStorage } from '../../app/storage';
import { esCommon } from '../../i18n/screens/common';
import { esLegal } from '../../i18n/screens/legal';
import { settings } from '../../settings';
import { usePageTitle } from '../../app/usePageTitle';
import { legalSections, type LegalBlock } from './legal.content';
import styles from './legal.module.css';

const text = esLegal;

const fill = (template: string) =>
  template
    .replaceAll('{site}', settings.siteName)
    .replaceAll('{email}', settings.contactEmail)
    .replaceAll('{phone}', settings.sitePhone.replaceAll(' ', '\u00a0'));

/** Forgets the cookie choice and shows the banner again; analytics already loaded needs a fresh page to go. */
function resetCookieChoice() {
  const analyticsOn = browserStorage.getItem(STORAGE_KEYS.cookies) === String(COOKIES_ALL);
  browserStorage.removeItem(STORAGE_KEYS.cookies);
  if (analyticsOn) window.location.reload();
  else shellStore.set((state) => ({ ...state, cookiesPending: true }));
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{fill(block)}</p>;
  if ('list' in block) {
    return (
      <ul>
        {block.list.map((item) =>
          typeof item === 'string' ? (
            <li key={item}>{fill(item)}</li>
          ) : (
            <li key={item.term}>
              <strong>{item.term}</strong> {fill(item.text)}
            </li>
          ),
        )}
      </ul>
    );
  }
  if ('link' in block) {
    return (
      <p>
        <a href={block.link} target="_blank" rel="noopener" className={styles.external}>
          {block.label}
          <ExternalLink aria-hidden="true" size={16} />
          <span className="visually-hidden">{esCommon.opensInNewTab}</span>
        </a>
      </p>
    );
  }
  return (
    <p>
      <button type="button" className="btn btn-secondary" onClick={resetCookieChoice}>
        {text.resetCookies}
      </button>
    </p>
  );
}

export default function LegalScreen() {
  usePageTitle(text.title);
  const { hash } = useLocation();

  // The screen arrives after navigation, so the browser could not scroll to the #section on its own.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{text.title}</h1>
        <p className={styles.lead}>{text.lead(settings.siteName)}</p>
        <p className={styles.updated}>{text.updated}</p>
      </header>
      <div className={styles.layout}>
        <nav className={styles.toc} aria-labelledby="legal-toc">
          <h2 id="legal-toc" className={styles.tocTitle}>
            {text.toc}
          </h2>
          <ol>
            {legalSections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={`prose ${styles.body}`}>
          {legalSections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                <span className={styles.number}>{index + 1}.</span> {section.title}
              </h2>
              {section.blocks.map((block, blockIndex) => (
                <Block key={blockIndex} block={block} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
