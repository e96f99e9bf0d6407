import { useId, type ChangeEvent, type Ref } from 'react';
import { MSG, POST_TEXT_MAX, textLength } from '@nomadas/shared';
import { esComposer } from '../../i18n/screens/composer';
import { highlightSegments } from './highlight';
import styles from './PostTextField.module.css';

const text = esComposer;

interface Props {
  value: string;
  onChange: (value: string) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The post text with live highlighting: a transparent text area over a mirror that draws the same text,
 * hashtags and mentions tinted, anything past 500 characters marked. The mirror also sizes the box,
 * so it grows with the text in every browser.
 */
export function PostTextField({ value, onChange, textareaRef }: Props) {
  const id = useId();
  const length = textLength(value);
  const over = length > POST_TEXT_MAX;
  const near = !over && length >= POST_TEXT_MAX - 50;

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {text.textLabel} <span className={styles.optional}>{text.textOptional}</span>
      </label>
      <div className={`${styles.editor} ${over ? styles.invalid : ''}`}>
        <div className={styles.mirror} aria-hidden="true">
          {highlightSegments(value).map((segment, index) => {
            const className = [styles[segment.kind], segment.over ? styles.over : ''].join(' ').trim();
            return className ? (
              <span key={index} className={className}>
                {segment.text}
              </span>
            ) : (
              segment.text
            );
          })}
          {/* Keeps a trailing line break from collapsing, so the caret's line is always there. */}
          {'\u200b'}
        </div>
        <textarea
          ref={textareaRef}
          id={id}
          name="text"
          className={styles.input}
          value={value}
          rows={4}
          placeholder={text.textPlaceholder}
          spellCheck
          autoCapitalize="sentences"
          aria-invalid={over || undefined}
          aria-describedby={`${id}-help ${id}-count`}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        />
      </div>
      <div className={styles.meta}>
        {over ? (
          <p id={`${id}-help`} className="field-error" role="alert">
            {MSG.postTextTooLong}
          </p>
        ) : (
          <p id={`${id}-help`} className="field-hint">
            {text.textHint}
          </p>
        )}
        <p
          id={`${id}-count`}
          className={`${styles.counter} ${over ? styles.counterOver : near ? styles.counterNear : ''}`}
        >
          <span aria-hidden="true">{text.counter(length, POST_TEXT_MAX)}</span>
          <span className="visually-hidden">{text.counterLabel(length, POST_TEXT_MAX)}</span>
        </p>
      </div>
    </div>
  );
}
