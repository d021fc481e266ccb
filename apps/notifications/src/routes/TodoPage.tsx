import { Pending } from './Pending';

/** `./todo`: the /todo page (the shell mounts it outside /notification). */
export default function TodoPage() {
  return <Pending titleKey="routes.todo" />;
}
