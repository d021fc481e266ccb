import { FavoriteList } from '../components/FavoriteList';
import { ListPage } from './ListPage';

/** /notification/favourite */
export default function FavouritePage() {
  return (
    <ListPage titleKey="routes.favourite">
      <FavoriteList mode="LIST" />
    </ListPage>
  );
}
