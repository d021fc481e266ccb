import { GroupPickMenu } from '../components/GroupPickMenu';

/** `./GroupPickMenu`: the navbar's group pick menu widget. */
export default GroupPickMenu;
