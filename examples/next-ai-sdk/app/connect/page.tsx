/** The URL-mode step: the page the MCP server sends the person to (in a real app, your OAuth start). */
export default async function ConnectPage({ searchParams }: { searchParams: Promise<{ elicitation?: string }> }) {
  const { elicitation } = await searchParams
  return (
    <main>
      <h1>Connect your Acme account</h1>
      <form method="post" action="/api/connect">
        <input type="hidden" name="elicitation" value={elicitation ?? ''} />
        <button type="submit">Connect</button>
      </form>
    </main>
  )
}
