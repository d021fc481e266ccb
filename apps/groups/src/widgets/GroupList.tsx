import { GroupList } from '../components/GroupList';

/** `./GroupList`: the home page's group list widget. */
export default GroupList;
