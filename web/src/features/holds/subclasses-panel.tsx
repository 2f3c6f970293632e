import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldClassView, HoldSubclassView } from '../../../../adapters/http/contract/holds.ts';
import { isApiError } from '../../api/api-error.ts';
import { createHoldClass, createHoldSubclass, updateHoldSubclass } from './holds-api.ts';

// Hold subclasses on the Holds page: add one (and its class), rename, the kill flag, and archive
// with a confirmation that says where its held seats go (another subclass, or open).

export function SubclassesPanel(props: {
  readonly subclasses: readonly HoldSubclassView[];
  readonly classes: readonly HoldClassView[];
  readonly onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const [classes, setClasses] = useState(props.classes);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const ids = useId();
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [archiving, setArchiving] = useState<{ subclass: HoldSubclassView; target: string } | null>(null);
  const [newName, setNewName] = useState('');
  const [newClass, setNewClass] = useState<number | null>(props.classes[0]?.ID ?? null);
  const [newKill, setNewKill] = useState(false);
  const [className, setClassName] = useState('');

  const run = async (work: () => Promise<unknown>, success: string) => {
    setError(null);
    setDone(null);
    try {
      await work();
      await props.onChanged();
      setDone(success);
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.message : t('holds.saveFailed'));
      requestAnimationFrame(() => errorRef.current?.focus());
      return false;
    }
  };
  const live = props.subclasses.filter((s) => !s.IsArchived);

  return (
    <section className="holds__subclasses" aria-labelledby="holds-subclasses-title">
      <h2 id="holds-subclasses-title">{t('holds.subclassesTitle')}</h2>
      {error && (
        <p ref={errorRef} tabIndex={-1} className="field-error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="holds__result" role="status">
          {done}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">{t('holds.col.name')}</th>
            <th scope="col">{t('holds.col.class')}</th>
            <th scope="col">{t('holds.col.kill')}</th>
            <th scope="col">{t('holds.col.held')}</th>
            <th scope="col">{t('holds.col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {props.subclasses.map((s) => (
            <tr key={s.ID}>
              <td>
                {renaming?.id === s.ID ? (
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      void run(
                        () => updateHoldSubclass(s.ID, { Version: s.Version, Name: renaming.name }),
                        t('holds.saved'),
                      ).then((ok) => ok && setRenaming(null));
                    }}
                  >
                    <label>
                      <span className="visually-hidden">{t('holds.newNameOf', { subclass: s.Name })}</span>
                      <input
                        className="text-input"
                        value={renaming.name}
                        autoFocus
                        onChange={(e) => setRenaming({ id: s.ID, name: e.target.value })}
                      />
                    </label>
                    <button type="submit" className="button button--small">
                      {t('holds.save')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setRenaming(null)}
                    >
                      {t('holds.cancel')}
                    </button>
                  </form>
                ) : (
                  <>
                    {s.Name}
                    {s.IsArchived && <> ({t('holds.archived')})</>}
                  </>
                )}
              </td>
              <td>{s.HoldClass.Name}</td>
              <td>
                <label>
                  <input
                    type="checkbox"
                    checked={s.IsKill}
                    disabled={s.IsArchived}
                    onChange={(e) =>
                      void run(
                        () => updateHoldSubclass(s.ID, { Version: s.Version, IsKill: e.target.checked }),
                        t('holds.saved'),
                      )
                    }
                  />
                  <span className="visually-hidden">{t('holds.killOf', { subclass: s.Name })}</span>
                </label>
              </td>
              <td>{s.HeldSeats}</td>
              <td>
                {!s.IsArchived && (
                  <>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t('holds.renameOf', { subclass: s.Name })}
                      onClick={() => setRenaming({ id: s.ID, name: s.Name })}
                    >
                      {t('holds.rename')}
                    </button>{' '}
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t('holds.archiveOf', { subclass: s.Name })}
                      onClick={() => setArchiving({ subclass: s, target: '' })}
                    >
                      {t('holds.archive')}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {archiving && (
        <div className="holds__archive" role="dialog" aria-labelledby="holds-archive-title">
          <h3 id="holds-archive-title">{t('holds.archiveTitle', { subclass: archiving.subclass.Name })}</h3>
          <p>{t('holds.archiveBody', { count: archiving.subclass.HeldSeats })}</p>
          <div className="holds__field">
            <label htmlFor={`${ids}-move-to`}>{t('holds.archiveMoveTo')}</label>
            <select
              id={`${ids}-move-to`}
              value={archiving.target}
              onChange={(e) => setArchiving({ ...archiving, target: e.target.value })}
            >
              <option value="">{t('holds.archiveToOpen')}</option>
              {live
                .filter((s) => s.ID !== archiving.subclass.ID)
                .map((s) => (
                  <option key={s.ID} value={s.ID}>
                    {s.Name}
                  </option>
                ))}
            </select>
          </div>
          <button
            type="button"
            className="button"
            onClick={() =>
              void run(
                () =>
                  updateHoldSubclass(archiving.subclass.ID, {
                    Version: archiving.subclass.Version,
                    IsArchived: true,
                    AssignSeatsToSubclassID: archiving.target === '' ? null : Number(archiving.target),
                  }),
                t('holds.archivedDone', { subclass: archiving.subclass.Name }),
              ).then((ok) => ok && setArchiving(null))
            }
          >
            {t('holds.archiveConfirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setArchiving(null)}>
            {t('holds.cancel')}
          </button>
        </div>
      )}
      <div className="holds__forms">
        <form
          aria-labelledby="holds-add-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (newClass === null) return;
            void run(
              () => createHoldSubclass({ Name: newName, HoldClassID: newClass, IsKill: newKill }),
              t('holds.added'),
            ).then((ok) => ok && setNewName(''));
          }}
        >
          <h3 id="holds-add-title">{t('holds.addSubclass')}</h3>
          <label className="holds__field">
            <span>{t('holds.col.name')}</span>
            <input className="text-input" value={newName} onChange={(e) => setNewName(e.target.value)} />
          </label>
          <div className="holds__field">
            <label htmlFor={`${ids}-class`}>{t('holds.col.class')}</label>
            <select
              id={`${ids}-class`}
              value={newClass ?? ''}
              onChange={(e) => setNewClass(Number(e.target.value))}
            >
              {classes.map((c) => (
                <option key={c.ID} value={c.ID}>
                  {c.Name}
                </option>
              ))}
            </select>
          </div>
          <label>
            <input type="checkbox" checked={newKill} onChange={(e) => setNewKill(e.target.checked)} />{' '}
            {t('holds.killLabel')}
          </label>
          <button type="submit" className="button">
            {t('holds.add')}
          </button>
        </form>
        <form
          aria-labelledby="holds-add-class-title"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              const made = await createHoldClass(className);
              setClasses((all) => [...all, made]);
              setNewClass(made.ID);
            }, t('holds.added')).then((ok) => ok && setClassName(''));
          }}
        >
          <h3 id="holds-add-class-title">{t('holds.addClass')}</h3>
          <label className="holds__field">
            <span>{t('holds.className')}</span>
            <input className="text-input" value={className} onChange={(e) => setClassName(e.target.value)} />
          </label>
          <button type="submit" className="button button--secondary">
            {t('holds.add')}
          </button>
        </form>
      </div>
    </section>
  );
}
