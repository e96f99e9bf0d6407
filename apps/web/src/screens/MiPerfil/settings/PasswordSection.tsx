import { MSG } from '@nomadas/shared';
import { changePasswordBody } from '@nomadas/shared/schemas';
import { useChangePasswordMutation } from '../../../api/queries/changePassword';
import { PasswordField } from '../../../components/AuthModal/fields';
import { esSettings } from '../../../i18n/screens/settings';
import { SettingsFormSection, useSettingsForm } from './SettingsForm';

const text = esSettings.password;
const FIELDS = ['password_actual', 'password', 'password_confirmation'] as const;

/** Where each refusal of the server belongs on this form. */
const FIELD_OF_MESSAGE: Record<string, (typeof FIELDS)[number]> = {
  [MSG.currentPasswordWrong]: 'password_actual',
  [MSG.passwordTooCommon]: 'password',
  [MSG.passwordSameAsCurrent]: 'password',
};

/** Current, new and repeated password, each with a show/hide toggle as in the login modal. */
export function PasswordSection({ username }: { username: string }) {
  const change = useChangePasswordMutation();
  const form = useSettingsForm({
    fields: FIELDS,
    schema: changePasswordBody,
    send: (body) => change.mutateAsync(body),
    okMessage: MSG.passwordUpdated,
    // "Fill in every field": mark the empty ones.
    unplaced: (message, values) =>
      message === MSG.registerFieldsRequired ? FIELDS.filter((name) => values[name] === '') : [],
    fieldOfMessage: FIELD_OF_MESSAGE,
  });
  const { invalid } = form;

  return (
    <SettingsFormSection texts={text} form={form}>
      {/* Lets password managers file the change under the right account. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <PasswordField
        name="password_actual"
        label={text.current}
        autoComplete="current-password"
        invalid={invalid.has('password_actual')}
      />
      <PasswordField
        name="password"
        label={text.next}
        hint={text.nextHint}
        autoComplete="new-password"
        invalid={invalid.has('password')}
      />
      <PasswordField
        name="password_confirmation"
        label={text.repeat}
        autoComplete="new-password"
        invalid={invalid.has('password_confirmation')}
      />
    </SettingsFormSection>
  );
}
