-- Neovim 0.7's built-in LSP client against dist/server.js --stdio: open a robots.txt, wait for
-- the server's diagnostics, ask for a hover and a robotsAcap/explain answer, print them as JSON.
local root = os.getenv('E2E_ROOT')
local file = os.getenv('E2E_FILE')
local hover_line = tonumber(os.getenv('E2E_HOVER_LINE'))
local out = { diagnostics = {} }

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = 'robots-acap',
  cmd = { 'node', root .. '/dist/server.js', '--stdio' },
  root_dir = vim.fn.fnamemodify(file, ':h'),
})
vim.lsp.buf_attach_client(bufnr, client_id)

-- Wait (processing events) until the server has published diagnostics for the buffer.
out.published = vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  table.insert(out.diagnostics, { line = d.lnum, col = d.col, code = code, message = d.message })
end

local client = vim.lsp.get_client_by_id(client_id)
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

io.stdout:write(vim.fn.json_encode(out) .. '\n')
vim.lsp.stop_client(client_id)
vim.cmd('qa!')
