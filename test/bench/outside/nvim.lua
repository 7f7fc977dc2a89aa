-- Issue 13's figures measured from outside: Neovim's own LSP client (0.7 or later), not the
-- benches' client, drives the built server over stdio on the file OUTSIDE_FILE, as a user's
-- editor would, and times with its own clock (vim.loop.hrtime) what the user waits for:
--   open        buf_attach_client (which sends didOpen with the whole buffer) → the first
--               publishDiagnostics; `sent` is from the moment the call returned, the message
--               written (Neovim's own work before it, joining and encoding 3.7 MB, is in `open`)
--   firstHover  the first hover, sent once those diagnostics arrived
--   hover       OUTSIDE_HOVERS more hovers on rule lines, one at a time
--   edit        OUTSIDE_EDITS one-character insertions on rule lines (nvim_buf_set_text; Neovim
--               sends the didChange at once: debounce 0) → the diagnostics of that version;
--               `editFromSent` from when Neovim was done with the keystroke (it copies every
--               line's string per change, for its incremental sync)
--   hoverAfterEdit  OUTSIDE_EDITS more insertions, each followed at once by a hover on a rule line
-- Each time is taken where Neovim hands the message to its handler, not by polling. The lines are
-- picked by a fixed generator, so every run asks the same. Prints one JSON line on stdout.
local file = os.getenv('OUTSIDE_FILE')
local server = os.getenv('OUTSIDE_SERVER')
-- Node's flags for the server (server/src/launch.ts), one per line; required, so that the
-- server is never started otherwise than every client starts it.
local node_args_text = os.getenv('OUTSIDE_NODE_ARGS')
local node_args = vim.split(node_args_text or '', '\n', { trimempty = true })
local hovers = tonumber(os.getenv('OUTSIDE_HOVERS') or '100')
local edits = tonumber(os.getenv('OUTSIDE_EDITS') or '100')
local uv = vim.loop
local out = { ok = false }

local function ms(from, to) return (to - from) / 1e6 end

local function finish()
  io.stdout:write(vim.fn.json_encode(out) .. '\n')
  vim.cmd('qa!')
end

-- The diagnostics published, in order: their version and when they arrived.
local published = {}
local function on_publish(_, result)
  table.insert(published, { at = uv.hrtime(), version = result and result.version })
end

-- Everything in one function, so that an error anywhere is printed (out.error) and Neovim quits.
local function measure()
  if not node_args_text then
    out.error = 'OUTSIDE_NODE_ARGS is not set (the server\'s Node flags, one per line: test/bench/outside.ts sets it)'
    return
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'robots-acap',
    cmd = vim.list_extend(vim.list_extend({ 'node' }, node_args), { server, '--stdio' }),
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
    flags = { debounce_text_changes = 0 },
    handlers = { ['textDocument/publishDiagnostics'] = on_publish },
  })
  local client = vim.lsp.get_client_by_id(client_id)
  if not (client and vim.wait(30000, function() return client.initialized == true end, 1)) then
    out.error = 'the server did not answer initialize'
    return
  end

  -- The rule lines, in the buffer's order, and a fixed generator picking among them (MINSTD:
  -- its products stay below 2^53, exact in Lua's numbers).
  local rules = {}
  for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, true)) do
    if line:match('^[Aa]llow: /') or line:match('^[Dd]isallow: /') then table.insert(rules, { line = i - 1, length = #line }) end
  end
  if #rules == 0 then
    out.error = 'the file has no Allow or Disallow line to hover and type in'
    return
  end
  local seed = 42
  local function pick()
    seed = (seed * 48271) % 2147483647
    return rules[seed % #rules + 1]
  end

  -- When the diagnostics of `version` arrived (waiting for them, processing events all the while),
  -- or, with no version, the first diagnostics published; nil if none came within a minute.
  local function published_for(version)
    local at
    vim.wait(60000, function()
      for _, p in ipairs(published) do
        if version == nil or p.version == version then at = p.at return true end
      end
      return false
    end, 1)
    return at
  end

  local t0 = uv.hrtime()
  vim.lsp.buf_attach_client(bufnr, client_id)
  local sent = uv.hrtime()
  local arrived = published_for(nil)
  if not arrived then
    out.error = 'no diagnostics after didOpen'
    return
  end
  out.open = ms(t0, arrived)
  out.openFromSent = ms(sent, arrived)
  out.lines = vim.api.nvim_buf_line_count(bufnr)
  out.rules = #rules

  local uri = vim.uri_from_bufnr(bufnr)
  -- A hover on a rule's path, timed from the request to its answer; nil if none came.
  local function hover()
    local r = pick()
    local answer
    local start = uv.hrtime()
    client.request('textDocument/hover', { textDocument = { uri = uri }, position = { line = r.line, character = math.min(r.length, 12) } }, function(err, result)
      answer = { at = uv.hrtime(), ok = err == nil and result ~= nil }
    end, bufnr)
    if not vim.wait(60000, function() return answer ~= nil end, 1) or not answer.ok then return nil end
    return ms(start, answer.at)
  end

  -- One character typed in a rule's path; returns when it was typed, the version Neovim gave it, and
  -- when Neovim was done with it (its didChange written).
  local function type_one()
    local r = pick()
    local col = math.min(r.length, 12)
    local start = uv.hrtime()
    vim.api.nvim_buf_set_text(bufnr, r.line, col, r.line, col, { 'x' })
    local sent = uv.hrtime()
    r.length = r.length + 1
    published = {}
    return start, vim.lsp.util.buf_versions[bufnr], sent
  end

  out.firstHover = hover()
  out.hover = {}
  for _ = 1, hovers do table.insert(out.hover, hover()) end
  out.edit = {}
  out.editFromSent = {}
  for _ = 1, edits do
    local start, version, sent_at = type_one()
    local at = published_for(version)
    if not at then break end
    table.insert(out.edit, ms(start, at))
    table.insert(out.editFromSent, ms(sent_at, at))
  end
  out.hoverAfterEdit = {}
  for _ = 1, edits do
    local _, version = type_one()
    table.insert(out.hoverAfterEdit, hover())
    published_for(version)
  end
  out.ok = #out.edit == edits and #out.hover == hovers and #out.hoverAfterEdit == edits
  client.stop()
end

local ok, err = pcall(measure)
if not ok then out.error = tostring(err) end
finish()
