import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { chatQueryKeys, LIMITS, type GroupChat } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { Button, Dialog, SearchInput, Spinner } from '@portal/ui';
import { SelectField } from '@portal/ui/kit';
import { ApiAvatar, useShowActionError } from '@portal/content/kit';
import { useCreateChat, useInvite, useMyGroups } from '../../api/chat';

type Person = { id: number; name: string; avatar: string | null; locked?: boolean };

/** members/me/groups/{groupId}/group-members, 50 a page, the next page near the bottom. */
function usePicker(groupId: number | null, search: string, chatId: number | undefined) {
  return useInfiniteQuery({
    queryKey: chatQueryKeys.picker(groupId ?? 0, { search, ...(chatId ? { group_chat_id: chatId } : {}) }),
    enabled: groupId !== null,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (
        await api.call('chatPicker', {
          params: { id: groupId! },
          query: {
            page: pageParam,
            limit: LIMITS.memberSearchPageSize,
            ...(search ? { search } : {}),
            ...(chatId ? { group_chat_id: chatId } : {}),
          },
        })
      ).items,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}

/**
 * The create-chat / invite picker (spec section 2): a group, a keyword (Enter or the search
 * icon), the results and the chosen people, moved between the lists with the arrow buttons.
 * Changing the group clears the chosen people. Inviting lists the chat's members as chosen and
 * locked. One chosen person reopens the existing one-to-one chat (see useCreateChat).
 */
export function MemberPicker({ mode, chat, onClose }: { mode: 'create' | 'invite'; chat?: GroupChat; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const navigate = useNavigate();
  const showError = useShowActionError();
  const groups = useMyGroups();
  const [groupId, setGroupId] = useState<number | null>(chat?.group_id ?? null);
  const [search, setSearch] = useState('');
  const locked: Person[] = useMemo(
    () => (chat ? chat.user_group_chat.map((u) => ({ id: u.id, name: u.name, avatar: u.avatar, locked: true })) : []),
    [chat],
  );
  const [chosen, setChosen] = useState<Person[]>([]);
  const [markedResults, setMarkedResults] = useState<Set<number>>(new Set());
  const [markedChosen, setMarkedChosen] = useState<Set<number>>(new Set());
  const picker = usePicker(groupId, search, chat?.id);
  const create = useCreateChat();
  const invite = useInvite();
  const taken = new Set([...locked, ...chosen].map((p) => p.id));
  const results = (picker.data?.pages.flatMap((p) => p.data) ?? []).filter((p) => !taken.has(p.id));

  const toggle = (set: Set<number>, setter: (s: Set<number>) => void, pid: number) => {
    const next = new Set(set);
    if (next.has(pid)) next.delete(pid);
    else next.add(pid);
    setter(next);
  };
  const moveDown = () => {
    setChosen([
      ...chosen,
      ...results.filter((p) => markedResults.has(p.id)).map(({ id: pid, name, avatar }) => ({ id: pid, name, avatar })),
    ]);
    setMarkedResults(new Set());
  };
  const moveUp = () => {
    setChosen(chosen.filter((p) => !markedChosen.has(p.id)));
    setMarkedChosen(new Set());
  };
  const submit = () => {
    const userIds = chosen.map((p) => p.id);
    if (mode === 'invite' && chat) {
      invite.mutate({ chatId: chat.id, userIds }, { onSuccess: onClose, onError: showError });
      return;
    }
    create.mutate(
      { groupId: groupId!, userIds },
      {
        onSuccess: (newId) => {
          onClose();
          navigate(`/chat/detail/${newId}`);
        },
        onError: showError,
      },
    );
  };
  const running = create.isPending || invite.isPending;
  const groupOptions = (groups.data ?? [])
    .filter((g) => mode === 'create' || g.id === chat?.group_id)
    .map((g) => ({ value: g.id, label: g.name }));

  const row = (p: Person, marked: boolean, onToggle: () => void) => (
    <li key={p.id} className={`chat-pick__person${p.locked ? ' chat-pick__person--locked' : ''}`}>
      <label>
        <input type="checkbox" checked={marked} disabled={p.locked} onChange={onToggle} />
        <ApiAvatar src={p.avatar} name={p.name} size="xs" decorative />
        <span>{p.name}</span>
        {p.locked && <span className="chat-pick__tag">{t('picker.in_chat')}</span>}
      </label>
    </li>
  );

  return (
    <Dialog titleId={`${id}-t`} descriptionId={`${id}-d`} onDismiss={onClose} className="chat-dialog chat-pick">
      <h2 id={`${id}-t`} className="chat-dialog__title">
        {mode === 'create' ? t('picker.title_create') : t('picker.title_invite')}
      </h2>
      <div id={`${id}-d`} className="chat-pick__filters">
        <SelectField
          label={t('picker.group')}
          placeholder={t('picker.group_placeholder')}
          options={groupOptions}
          value={groupId ?? ''}
          disabled={mode === 'invite'}
          onChange={(e) => {
            // A new group: the chosen people were picked from the old one.
            setGroupId(e.target.value ? Number(e.target.value) : null);
            setChosen([]);
            setMarkedResults(new Set());
            setMarkedChosen(new Set());
          }}
        />
        <SearchInput label={t('picker.search')} onSearch={(v) => setSearch(v.trim())} />
      </div>
      <h3 className="chat-pick__label">{t('picker.results')}</h3>
      <ul
        className="chat-pick__list"
        data-testid="picker-results"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (
            el.scrollHeight - el.scrollTop - el.clientHeight < LIMITS.memberSearchScrollThresholdPx &&
            picker.hasNextPage &&
            !picker.isFetchingNextPage
          )
            void picker.fetchNextPage();
        }}
      >
        {groupId === null ? (
          <li className="chat-pick__hint">{t('picker.choose_group')}</li>
        ) : picker.isPending ? (
          <li>
            <Spinner size="sm" />
          </li>
        ) : results.length === 0 ? (
          <li className="chat-pick__hint">{t('picker.no_results')}</li>
        ) : (
          results.map((p) => row(p, markedResults.has(p.id), () => toggle(markedResults, setMarkedResults, p.id)))
        )}
      </ul>
      <div className="chat-pick__arrows">
        <Button variant="secondary" size="sm" aria-label={t('picker.add')} onClick={moveDown} disabled={markedResults.size === 0}>
          ↓
        </Button>
        <Button variant="secondary" size="sm" aria-label={t('picker.remove')} onClick={moveUp} disabled={markedChosen.size === 0}>
          ↑
        </Button>
      </div>
      <h3 className="chat-pick__label">{t('picker.chosen')}</h3>
      <ul className="chat-pick__list chat-pick__list--chosen" data-testid="picker-chosen">
        {locked.map((p) => row(p, false, () => {}))}
        {chosen.length === 0 && locked.length === 0 && <li className="chat-pick__hint">{t('picker.none_chosen')}</li>}
        {chosen.map((p) => row(p, markedChosen.has(p.id), () => toggle(markedChosen, setMarkedChosen, p.id)))}
      </ul>
      <div className="chat-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('picker.cancel')}
        </Button>
        <Button onClick={submit} loading={running} disabled={chosen.length === 0 || groupId === null}>
          {mode === 'create' ? t('picker.create') : t('picker.invite')}
        </Button>
      </div>
    </Dialog>
  );
}
