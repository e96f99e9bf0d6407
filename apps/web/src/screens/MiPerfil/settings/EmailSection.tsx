import { MailCheck } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { changeEmailBody } from '@nomadas/shared/schemas';
import { useChangeEmailMutation } from '../../../api/queries/changeEmail';
import type { OwnProfile } from '../../../api/queries/ownProfile';
import { PasswordField, TextField } from '../../../components/AuthModal/fields';
import { esSettings } from '../../../i18n/screens/settings';
import styles from './settings.module.css';
import { SettingsFormSection, useSettingsForm } from './SettingsForm';

const text = esSettings.email;
const FIELDS = ['email', 'password'] as const;

/** The address, a change waiting for its link, and the form that asks for one. */
export function EmailSection({ profile }: { profile: OwnProfile }) {
  const change = useChangeEmailMutation();
  const form = useSettingsForm({
    fields: FIELDS,
    schema: changeEmailBody,
    send: (body) => change.mutateAsync(body),
    okMessage: MSG.emailChangeSent,
    unplaced: () => FIELDS,
    fieldOfMessage: { [MSG.passwordWrong]: 'password', [MSG.emailSameAsCurrent]: 'email' },
  });
  const { invalid } = form;

  return (
    <SettingsFormSection
      texts={text}
      form={form}
      intro={
        <>
          <p className={styles.current}>
            <span className={styles.currentLabel}>{text.current}</span>
            <strong className={styles.currentValue}>{profile.email}</strong>
          </p>
          {profile.email_pendiente && (
            <div className={styles.pending} role="status">
              <MailCheck aria-hidden="true" size={20} />
              <p>
                <strong>{text.pendingTitle}</strong> {text.pending(profile.email_pendiente)}
              </p>
            </div>
          )}
        </>
      }
    >
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={text.newEmail}
        autoComplete="email"
        invalid={invalid.has('email')}
      />
      <PasswordField
        name="password"
        label={text.password}
        autoComplete="current-password"
        invalid={invalid.has('password')}
      />
    </SettingsFormSection>
  );
}
