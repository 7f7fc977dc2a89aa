-- Neovim's built-in LSP client against dist/server.js --stdio, set up by the README's own
-- configuration (E2E_CONFIG, extracted by nvim.ts): open a robots.txt and let the FileType
-- autocmd attach it, wait for the server's diagnostics, ask for a hover, a robotsAcap/explain
-- answer, a definition and completions, check that an HTML page is attached and a Markdown file
-- is not, and print everything as JSON.
local file = os.getenv('E2E_FILE')
local hover_line = tonumber(os.getenv('E2E_HOVER_LINE'))
local out = { diagnostics = {} }

vim.cmd('filetype on')
dofile(os.getenv('E2E_CONFIG'))

local function clients(bufnr)
  local list = {}
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do table.insert(list, c) end
  return list
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
out.filetype = vim.bo[bufnr].filetype
-- Neovim 0.7 lists a client for a buffer once the server has answered `initialize`.
vim.wait(20000, function() return #clients(bufnr) > 0 end, 20)
out.attached = #clients(bufnr)

-- Wait (processing events) until the server has published diagnostics for the buffer.
out.published = vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  table.insert(out.diagnostics, { line = d.lnum, col = d.col, code = code, message = d.message })
end

local client = clients(bufnr)[1]
if client then
  local uri = vim.uri_from_bufnr(bufnr)
  local hover = client.request_sync('textDocument/hover', { textDocument = { uri = uri }, position = { line = hover_line, character = 12 } }, 10000, bufnr)
  out.hover = hover and hover.result and hover.result.contents and hover.result.contents.value or vim.NIL
  local explain = client.request_sync('robotsAcap/explain', { textDocument = { uri = uri }, query = { agent = 'GPTBot', path = '/archive/2019/a.html', usage = 'index' } }, 10000, bufnr)
  out.explain = explain and explain.result or vim.NIL

  local def_line = tonumber(os.getenv('E2E_DEF_LINE'))
  local def_char = tonumber(os.getenv('E2E_DEF_CHAR'))
  local definition = client.request_sync('textDocument/definition', { textDocument = { uri = uri }, position = { line = def_line, character = def_char } }, 10000, bufnr)
  out.definition = definition and definition.result or vim.NIL
  -- Completion after `ACAP-allow-` on a new last line.
  local last = vim.api.nvim_buf_line_count(bufnr)
  vim.api.nvim_buf_set_lines(bufnr, last, last, false, { 'ACAP-allow-' })
  local completion = client.request_sync('textDocument/completion', { textDocument = { uri = uri }, position = { line = last, character = 11 } }, 10000, bufnr)
  local labels = {}
  local result = completion and completion.result
  local items = result and (result.items or result) or {}
  for _, item in ipairs(items) do table.insert(labels, item.label) end
  out.completion = labels
else
  out.hover, out.explain, out.definition, out.completion = vim.NIL, vim.NIL, vim.NIL, {}
end

-- The FileType autocmd attaches synchronously: an HTML page is attached, a Markdown file is not.
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('E2E_HTML')))
out.html_attached = #clients(vim.api.nvim_get_current_buf())
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('E2E_MARKDOWN')))
out.markdown_filetype = vim.bo.filetype
out.markdown_attached = #clients(vim.api.nvim_get_current_buf())

io.stdout:write(vim.fn.json_encode(out) .. '\n')
if client then client.stop() end
vim.cmd('qa!')
