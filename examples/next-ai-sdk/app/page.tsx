import { Chat } from './chat'

export default function Page() {
  return <Chat />
}
