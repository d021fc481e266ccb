import { useEffect } from 'react';
import { LikeList } from '../components/LikeList';
import { useMarkAllLikesRead } from '../api/notifications';
import { ListPage } from './ListPage';

/** /notification/like: seeing the likes reads them, like opening the dropdown. */
export default function LikePage() {
  const markAll = useMarkAllLikesRead();
  const { mutate } = markAll;
  useEffect(() => mutate(), [mutate]);
  return (
    <ListPage titleKey="routes.like">
      <LikeList mode="page" />
    </ListPage>
  );
}
