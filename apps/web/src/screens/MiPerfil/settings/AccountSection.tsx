import { useId, useState } from 'react';
import { Download, LogOut, TriangleAlert } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { ApiFailure } from '../../../api/queries/apiData';
import { useDeleteAccountMutation } from '../../../api/queries/deleteAccount';
import { useExportDataMutation } from '../../../api/queries/exportData';
import { logoutWithCurtain } from '../../../components/Header/logoutAction';
import { toast } from '../../../components/Toast/toast';
import { esSettings } from '../../../i18n/screens/settings';
import { session } from '../../../session/session';
import { PasswordDialog } from './PasswordDialog';
import styles from './settings.module.css';

const text = esSettings;

const failureOf = (error: unknown) => (error instanceof ApiFailure && error.serverMsg) || MSG.serverError;

/** Starts a browser download of `url` (same origin: the server's Content-Disposition names the file). */
function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** 'Descargar mis datos': the password, then the zip through a link that works once. */
export function DataSection() {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const exportData = useExportDataMutation();

  async function confirm(password: string) {
    try {
      const link = await exportData.mutateAsync(password);
      setAsking(false);
      startDownload(link.url);
      toast(MSG.exportReady, 'ok');
      return null;
    } catch (error) {
      return failureOf(error);
    }
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.heading}>
          {text.data.title}
        </h2>
        <p className={styles.lead}>{text.data.lead}</p>
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
            <Download aria-hidden="true" size={20} />
            {text.data.download}
          </button>
        </div>
      </div>
      {asking && (
        <PasswordDialog
          title={text.data.dialogTitle}
          text={text.data.dialogText}
          label={text.data.password}
          confirm={text.data.confirm}
          busyLabel={text.data.busy}
          cancel={text.data.cancel}
          icon={<Download size={26} />}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}

/** Logout, as in the header and the menu. */
export function SessionSection() {
  const headingId = useId();
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div className={`${styles.body} ${styles.row}`}>
        <div>
          <h2 id={headingId} className={styles.heading}>
            {text.session.title}
          </h2>
          <p className={styles.lead}>{text.session.lead}</p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => void logoutWithCurtain()}>
          <LogOut aria-hidden="true" size={20} />
          {text.session.logout}
        </button>
      </div>
    </section>
  );
}

/** 'Eliminar cuenta': a dialog that asks for the password; done, the session ends and the app goes home. */
export function DangerSection({ username }: { username: string }) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const deleteAccount = useDeleteAccountMutation();

  async function confirm(password: string) {
    try {
      const msg = await deleteAccount.mutateAsync(password);
      toast(msg ?? MSG.accountDeleted, 'ok');
      // The server has already ended every session: nothing to tell it, only to forget this one.
      session.logout('deleted');
      return null;
    } catch (error) {
      return failureOf(error);
    }
  }

  return (
    <section className={`card ${styles.section} ${styles.dangerZone}`} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.heading}>
          {text.danger.title}
        </h2>
        <p className={styles.lead}>{text.danger.lead}</p>
        <div className={styles.actions}>
          <button type="button" className={`btn ${styles.dangerOutline}`} onClick={() => setAsking(true)}>
            <TriangleAlert aria-hidden="true" size={20} />
            {text.danger.open}
          </button>
        </div>
      </div>
      {asking && (
        <PasswordDialog
          title={text.danger.dialogTitle}
          text={text.danger.dialogText(username)}
          label={text.danger.password}
          confirm={text.danger.confirm}
          busyLabel={text.danger.busy}
          cancel={text.danger.cancel}
          danger
          icon={<TriangleAlert size={26} />}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
