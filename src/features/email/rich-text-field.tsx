import { Input } from '@mantine/core';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import classes from './email-editor.module.css';

// Only what an email keeps: the server's allow-list drops anything else, so the toolbar offers nothing more.
const MODULES = {
  toolbar: [['bold', 'italic', 'underline'], [{ list: 'ordered' }, { list: 'bullet' }], [{ align: '' }, { align: 'center' }], ['link', 'clean']],
};
const FORMATS = ['bold', 'italic', 'underline', 'list', 'align', 'link'];

type RichTextFieldProps = { label: string; value: string; onChange: (html: string) => void };

/**
 * Rich text inside a text block (react-quill-new, the maintained React 19 fork of react-quill). It reports
 * Quill's own HTML, not getSemanticHTML(): Quill 2.0.3's semantic HTML turns every space into &nbsp;, which
 * stops text from wrapping in mail clients. The server turns Quill's lists into real <ul>/<ol>.
 */
export function RichTextField({ label, value, onChange }: RichTextFieldProps) {
  return (
    <Input.Wrapper label={label}>
      <div className={classes.quill}>
        <ReactQuill
          theme="snow"
          value={value}
          modules={MODULES}
          formats={FORMATS}
          useSemanticHTML={false}
          // Only the owner's typing counts: Quill also reports the normalising it does to a value it is given.
          onChange={(html, _delta, source) => {
            if (source === 'user') onChange(html);
          }}
        />
      </div>
    </Input.Wrapper>
  );
}
