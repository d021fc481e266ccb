import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { lazyPage } from '@portal/ui/kit';
import { ChatList } from '../components/ChatList/ChatList';
import { useNarrow } from '../lib/useNarrow';
import '../chat.css';

// The list is what the chat page opens on; a conversation (history, composer, gallery, image
// viewer) and the member picker load when opened. The detail's placeholder is its own box, so
// the page does not move when the conversation arrives.
const ChatDetail = lazyPage(
  () => import('../components/ChatDetail/ChatDetail'),
  (m) => m.ChatDetail,
  <div className="chat-detail chat-detail--loading">
    <Spinner size="lg" />
  </div>,
);
const MemberPicker = lazyPage(
  () => import('../components/MemberPicker/MemberPicker'),
  (m) => m.MemberPicker,
  null,
);

/** Where the detail's back link goes: `from` when it names a portal path, else the chat list. */
function backTarget(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/chat/list';
}

/**
 * chat-list and chat-detail (spec section 2). Wide screens show both side by side; below
 * 1200 px the list and the detail are separate screens.
 */
export function ChatPage({ detail }: { detail: boolean }) {
  const { t } = useTranslation('chat');
  const params = useParams();
  const [search] = useSearchParams();
  const narrow = useNarrow();
  const [creating, setCreating] = useState(false);
  const chatId = detail ? Number(params.groupChatId) : undefined;
  useDocumentTitle(detail ? t('routes.detail') : t('routes.list'));
  if (detail && (!Number.isInteger(chatId) || chatId! <= 0)) return <Navigate to="/page-not-found" replace />;

  const showList = !narrow || !detail;
  const showDetail = detail && chatId !== undefined;
  return (
    <div className={`chat-page${narrow ? ' chat-page--narrow' : ''}`}>
      {showList && <ChatList selectedId={chatId} onCreate={() => setCreating(true)} />}
      {showDetail ? (
        <ChatDetail key={chatId} chatId={chatId} backTo={backTarget(search.get('from'))} narrow={narrow} />
      ) : (
        !narrow && <p className="chat-page__placeholder">{t('list.select')}</p>
      )}
      {creating && <MemberPicker mode="create" onClose={() => setCreating(false)} />}
    </div>
  );
}
